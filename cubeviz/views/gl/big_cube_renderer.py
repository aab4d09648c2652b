"""Draws big cubes (see big_cube_mesh.py): one static buffer per size, the turning block chosen in the shader,
sticker colours read from a small texture that is rewritten only when the colours change.

Context rules as for the grouped-mesh renderer: `initialize()` and `upload()` with a current context; nothing a
frame does allocates GPU memory (the palette texture is allocated once per size, then only overwritten), and
`allocations` counts what was allocated so the benchmark can prove it.
"""

from __future__ import annotations

import ctypes

import numpy as np
from OpenGL import GL

from cubeviz.views.gl.big_cube_mesh import BIG_FLOATS_PER_VERTEX, BigCubeGeometry
from cubeviz.views.gl.renderer import AMBIENT, FILL_LIGHT, FLOAT_BYTES, KEY_LIGHT, _compile, _link, _unit
from cubeviz.views.gl.shaders import FRAGMENT_SHADER
from cubeviz.views.gl.transforms import to_gl

PALETTE_WIDTH = 256  # texels per row of the colour texture: slot s is at (s % width, s // width)

VERTEX_SHADER = f"""
#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_layers;
layout(location = 3) in float a_slot;

uniform mat4 u_projection;
uniform mat4 u_view;
uniform mat4 u_turn;      // the turning block's rotation
uniform int u_axis;       // -1: nothing turns
uniform vec2 u_block;     // first and last layer of the turning block
uniform sampler2D u_palette;

out vec3 v_normal;
out vec3 v_position;
out vec3 v_colour;
out float v_plastic;

void main() {{
    bool moving = u_axis >= 0 && a_layers[u_axis] > u_block.x - 0.5 && a_layers[u_axis] < u_block.y + 0.5;
    mat4 model_view = moving ? u_view * u_turn : u_view;
    vec4 position = model_view * vec4(a_position, 1.0);
    int slot = int(a_slot + 0.5);
    v_position = position.xyz;
    v_normal = mat3(model_view) * a_normal;
    v_colour = texelFetch(u_palette, ivec2(slot % {PALETTE_WIDTH}, slot / {PALETTE_WIDTH}), 0).rgb;
    v_plastic = slot == 0 ? 1.0 : 0.0;
    gl_Position = u_projection * position;
}}
"""

_UNIFORMS = ("u_projection", "u_view", "u_turn", "u_axis", "u_block", "u_palette")


class BigCubeRenderer:
    """The program, one vertex buffer per uploaded size, and the palette texture of the size drawn last."""

    def __init__(self) -> None:
        self._program = 0
        self._meshes: dict[int, tuple[int, int, int]] = {}  # size -> (vao, vertex buffer, index buffer)
        self._locations: dict[str, int] = {}
        self._texture = 0
        self._texture_shape = (0, 0)
        self.allocations = 0
        self.eye = np.zeros(3)  # the camera's position in model space, for choosing the faces to draw

    def initialize(self) -> None:
        self._program = _link(
            _compile(GL.GL_VERTEX_SHADER, VERTEX_SHADER), _compile(GL.GL_FRAGMENT_SHADER, FRAGMENT_SHADER)
        )
        for name in (*_UNIFORMS, "u_key_light", "u_fill_light", "u_ambient"):
            self._locations[name] = GL.glGetUniformLocation(self._program, name)
        GL.glUseProgram(self._program)
        GL.glUniform3fv(self._locations["u_key_light"], 1, _unit(KEY_LIGHT))
        GL.glUniform3fv(self._locations["u_fill_light"], 1, _unit(FILL_LIGHT))
        GL.glUniform1f(self._locations["u_ambient"], AMBIENT)
        GL.glUniform1i(self._locations["u_palette"], 0)
        GL.glUseProgram(0)
        self._texture = int(GL.glGenTextures(1))

    @property
    def ready(self) -> bool:
        return bool(self._program)

    def has_mesh(self, size: int) -> bool:
        return size in self._meshes

    def upload(self, geometry: BigCubeGeometry) -> None:
        """The size's vertex and index buffers, once."""
        data = np.ascontiguousarray(geometry.vertices, dtype=np.float32)
        indices = np.ascontiguousarray(geometry.indices, dtype=np.uint32)
        vao, vbo, ibo = int(GL.glGenVertexArrays(1)), *(int(name) for name in GL.glGenBuffers(2))
        GL.glBindVertexArray(vao)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, vbo)
        GL.glBufferData(GL.GL_ARRAY_BUFFER, data.nbytes, data, GL.GL_STATIC_DRAW)
        GL.glBindBuffer(GL.GL_ELEMENT_ARRAY_BUFFER, ibo)  # recorded in the VAO
        GL.glBufferData(GL.GL_ELEMENT_ARRAY_BUFFER, indices.nbytes, indices, GL.GL_STATIC_DRAW)
        stride = BIG_FLOATS_PER_VERTEX * FLOAT_BYTES
        for location, (offset, width) in enumerate(((0, 3), (3, 3), (6, 3), (9, 1))):
            GL.glEnableVertexAttribArray(location)
            GL.glVertexAttribPointer(location, width, GL.GL_FLOAT, False, stride, ctypes.c_void_p(offset * FLOAT_BYTES))
        GL.glBindVertexArray(0)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, 0)
        self._meshes[geometry.size] = (vao, vbo, ibo)
        self.allocations += 1

    def set_palette(self, colours: np.ndarray) -> None:
        """(n_slots, 3) floats in 0..1 into the colour texture (allocated only when the number of rows changes)."""
        rows = -(-len(colours) // PALETTE_WIDTH)
        texels = np.zeros((rows * PALETTE_WIDTH, 4), dtype=np.uint8)
        texels[: len(colours), :3] = np.clip(np.rint(colours * 255.0), 0, 255)
        GL.glActiveTexture(GL.GL_TEXTURE0)
        GL.glBindTexture(GL.GL_TEXTURE_2D, self._texture)
        if self._texture_shape != (PALETTE_WIDTH, rows):
            GL.glTexParameteri(GL.GL_TEXTURE_2D, GL.GL_TEXTURE_MIN_FILTER, GL.GL_NEAREST)
            GL.glTexParameteri(GL.GL_TEXTURE_2D, GL.GL_TEXTURE_MAG_FILTER, GL.GL_NEAREST)
            GL.glTexImage2D(
                GL.GL_TEXTURE_2D, 0, GL.GL_RGBA8, PALETTE_WIDTH, rows, 0, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, texels
            )
            self._texture_shape = (PALETTE_WIDTH, rows)
            self.allocations += 1
        else:
            GL.glTexSubImage2D(GL.GL_TEXTURE_2D, 0, 0, 0, PALETTE_WIDTH, rows, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, texels)

    def begin_frame(self, projection: np.ndarray, view: np.ndarray) -> None:
        GL.glUseProgram(self._program)
        GL.glUniformMatrix4fv(self._locations["u_projection"], 1, GL.GL_FALSE, to_gl(projection))
        GL.glUniformMatrix4fv(self._locations["u_view"], 1, GL.GL_FALSE, to_gl(view))
        self.eye = -(view[:3, :3].T @ view[:3, 3])
        GL.glActiveTexture(GL.GL_TEXTURE0)
        GL.glBindTexture(GL.GL_TEXTURE_2D, self._texture)

    def set_turn(self, axis: int | None, first: int, last: int, matrix: np.ndarray) -> None:
        """Which block turns (axis None: none) and its rotation matrix (4x4, column-vector convention)."""
        GL.glUniform1i(self._locations["u_axis"], -1 if axis is None else int(axis))
        GL.glUniform2f(self._locations["u_block"], float(first), float(last))
        GL.glUniformMatrix4fv(self._locations["u_turn"], 1, GL.GL_FALSE, to_gl(matrix))

    def draw_runs(self, size: int, runs: list[tuple[int, int]]) -> None:
        """Draw runs (first index, count) of the size's index buffer."""
        GL.glBindVertexArray(self._meshes[size][0])
        for first, count in runs:
            GL.glDrawElements(GL.GL_TRIANGLES, count, GL.GL_UNSIGNED_INT, ctypes.c_void_p(4 * first))
        GL.glBindVertexArray(0)

    def end_frame(self) -> None:
        GL.glUseProgram(0)

    def release(self) -> None:
        for vao, vbo, ibo in self._meshes.values():
            GL.glDeleteBuffers(2, [vbo, ibo])
            GL.glDeleteVertexArrays(1, [vao])
        self._meshes.clear()
        if self._texture:
            GL.glDeleteTextures(1, [self._texture])
            self._texture = 0
        if self._program:
            GL.glDeleteProgram(self._program)
            self._program = 0
