"""Draws grouped meshes with modern OpenGL: one VBO per mesh uploaded once, then only uniforms change per frame.

Call `initialize()` and `upload()` with a current context (in initializeGL), `draw()` in paintGL. Nothing in
`draw` allocates GPU memory, so animation costs uniform uploads only.
"""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from OpenGL import GL
from OpenGL.raw.GL import _errors

from cubeviz.views.gl.mesh import FLOATS_PER_VERTEX, GROUP_OFFSET, NORMAL_OFFSET, POSITION_OFFSET, SLOT_OFFSET
from cubeviz.views.gl.shaders import FRAGMENT_SHADER, MAX_GROUPS, MAX_SLOTS, VERTEX_SHADER
from cubeviz.views.gl.transforms import to_gl

# View space, so the light follows the viewer: the key from above-left-front gives the three faces of the default
# view three distinct shades (top brightest, right darkest), the fill from the right lifts the darkest side.
KEY_LIGHT = np.array([-0.3, 0.6, 0.75])
FILL_LIGHT = np.array([0.6, -0.1, 0.8])
AMBIENT = 0.5
FLOAT_BYTES = 4


class ShaderError(RuntimeError):
    """A shader failed to compile or link; the message carries the driver's log."""


@contextmanager
def no_garbage_collection() -> Iterator[None]:
    """Keep Python's cyclic collector out of a frame.

    Collecting an unreachable GL widget runs its C++ destructor, which makes that widget's context current. In the
    middle of another widget's frame this leaves the rest of the frame with no context of its own; llvmpipe then
    crashes (an intermittent segfault inside grabFramebuffer in the GUI tests). Collection waits for the frame's end.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def one_error_check() -> Iterator[None]:
    """Check OpenGL errors once for a whole frame instead of after every call.

    PyOpenGL calls glGetError after each function by default, a round trip that costs about as much as the rest
    of a frame's Python work together. This uses the switch PyOpenGL itself uses inside glBegin/glEnd, then asks
    once at the end, so a mistake still surfaces (as an OpenGL.error.GLError) in the frame that made it.
    """
    checker = getattr(_errors, "_error_checker", None)
    if checker is not None:
        checker.onBegin()
    try:
        yield
    finally:
        if checker is not None:
            checker.onEnd()
    error = GL.glGetError()
    if error != GL.GL_NO_ERROR:
        raise GL.GLError(err=error, description=b"during a frame of the grouped-mesh renderer")


@dataclass
class _Mesh:
    vao: int
    vbo: int
    count: int


class GroupedMeshRenderer:
    """Owns the program and the uploaded meshes, keyed by name (e.g. 'cube2', 'cube3')."""

    def __init__(self) -> None:
        self._program = 0
        self._meshes: dict[str, _Mesh] = {}
        self._locations: dict[str, int] = {}
        self.buffer_uploads = 0  # counted so a benchmark can check no frame allocates GPU buffers

    def initialize(self) -> None:
        vertex = _compile(GL.GL_VERTEX_SHADER, VERTEX_SHADER)
        self._program = _link(vertex, _compile(GL.GL_FRAGMENT_SHADER, FRAGMENT_SHADER))
        for name in ("u_projection", "u_view", "u_groups", "u_colours", "u_key_light", "u_fill_light", "u_ambient"):
            self._locations[name] = GL.glGetUniformLocation(self._program, name)
        GL.glUseProgram(self._program)  # the lights never change: set once, the program keeps them
        GL.glUniform3fv(self._locations["u_key_light"], 1, _unit(KEY_LIGHT))
        GL.glUniform3fv(self._locations["u_fill_light"], 1, _unit(FILL_LIGHT))
        GL.glUniform1f(self._locations["u_ambient"], AMBIENT)
        GL.glUseProgram(0)

    def has_mesh(self, key: str) -> bool:
        return key in self._meshes

    def upload(self, key: str, vertices: np.ndarray) -> None:
        """Create the VAO/VBO for a mesh once; uploading the same key twice is a programming error."""
        if key in self._meshes:
            raise ValueError(f"mesh {key!r} is already uploaded")
        data = np.ascontiguousarray(vertices, dtype=np.float32)
        vao = GL.glGenVertexArrays(1)
        vbo = GL.glGenBuffers(1)
        GL.glBindVertexArray(vao)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, vbo)
        GL.glBufferData(GL.GL_ARRAY_BUFFER, data.nbytes, data, GL.GL_STATIC_DRAW)
        stride = FLOATS_PER_VERTEX * FLOAT_BYTES
        for location, (offset, width) in enumerate(
            ((POSITION_OFFSET, 3), (NORMAL_OFFSET, 3), (GROUP_OFFSET, 1), (SLOT_OFFSET, 1))
        ):
            GL.glEnableVertexAttribArray(location)
            GL.glVertexAttribPointer(location, width, GL.GL_FLOAT, False, stride, ctypes.c_void_p(offset * FLOAT_BYTES))
        GL.glBindVertexArray(0)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, 0)
        self._meshes[key] = _Mesh(int(vao), int(vbo), len(data))
        self.buffer_uploads += 1

    def begin_frame(self, projection: np.ndarray, view: np.ndarray) -> None:
        GL.glUseProgram(self._program)
        GL.glUniformMatrix4fv(self._locations["u_projection"], 1, GL.GL_FALSE, to_gl(projection))
        GL.glUniformMatrix4fv(self._locations["u_view"], 1, GL.GL_FALSE, to_gl(view))

    def set_colours(self, colours: np.ndarray) -> None:
        """(n_slots, 3) floats in 0..1."""
        if len(colours) > MAX_SLOTS:
            raise ValueError(f"at most {MAX_SLOTS} colour slots per draw")
        GL.glUniform3fv(self._locations["u_colours"], len(colours), np.ascontiguousarray(colours, dtype=np.float32))

    def set_groups(self, matrices: np.ndarray) -> None:
        """(n_groups, 4, 4) row-major model matrices (column-vector convention)."""
        if len(matrices) > MAX_GROUPS:
            raise ValueError(f"at most {MAX_GROUPS} transform groups per draw")
        data = np.ascontiguousarray(np.transpose(matrices, (0, 2, 1)), dtype=np.float32)
        GL.glUniformMatrix4fv(self._locations["u_groups"], len(matrices), GL.GL_FALSE, data)

    def draw(self, key: str) -> None:
        mesh = self._meshes[key]
        GL.glBindVertexArray(mesh.vao)
        GL.glDrawArrays(GL.GL_TRIANGLES, 0, mesh.count)
        GL.glBindVertexArray(0)

    def draw_ranges(self, key: str, first: np.ndarray, count: np.ndarray) -> None:
        """Draw only some vertex ranges of a mesh (int32 arrays), in one call: the parts a frame can see."""
        mesh = self._meshes[key]
        GL.glBindVertexArray(mesh.vao)
        if len(first) == 1:
            GL.glDrawArrays(GL.GL_TRIANGLES, int(first[0]), int(count[0]))
        else:
            GL.glMultiDrawArrays(GL.GL_TRIANGLES, first, count, len(first))
        GL.glBindVertexArray(0)

    def end_frame(self) -> None:
        GL.glUseProgram(0)

    def release(self) -> None:
        """Free GPU objects (context current)."""
        for mesh in self._meshes.values():
            GL.glDeleteBuffers(1, [mesh.vbo])
            GL.glDeleteVertexArrays(1, [mesh.vao])
        self._meshes.clear()
        if self._program:
            GL.glDeleteProgram(self._program)
            self._program = 0


def _unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


def _compile(kind: int, source: str) -> int:
    shader = GL.glCreateShader(kind)
    GL.glShaderSource(shader, source)
    GL.glCompileShader(shader)
    if not GL.glGetShaderiv(shader, GL.GL_COMPILE_STATUS):
        raise ShaderError(_log_text(GL.glGetShaderInfoLog(shader)))
    return shader


def _link(vertex: int, fragment: int) -> int:
    program = GL.glCreateProgram()
    GL.glAttachShader(program, vertex)
    GL.glAttachShader(program, fragment)
    GL.glLinkProgram(program)
    if not GL.glGetProgramiv(program, GL.GL_LINK_STATUS):
        raise ShaderError(_log_text(GL.glGetProgramInfoLog(program)) or f"link failed (GL error {GL.glGetError()})")
    GL.glDeleteShader(vertex)
    GL.glDeleteShader(fragment)
    return program


def gl_strings() -> tuple[str, str]:
    """(renderer, version) of the current OpenGL context, for Help > About and bug reports."""

    def text(name: int) -> str:
        value = GL.glGetString(name)
        return value.decode(errors="replace") if value else ""

    return text(GL.GL_RENDERER), text(GL.GL_VERSION)


def _log_text(log: bytes | str) -> str:
    """A shader or program log as text: PyOpenGL gives bytes, or an empty str when the driver wrote nothing."""
    return log.decode(errors="replace") if isinstance(log, bytes) else log
