"""A multisampled render target that is cleared and resolved only where something is drawn.

Why not QOpenGLWidget's own multisampling: it clears and resolves the whole widget every frame, and on Mesa's
software renderer (llvmpipe) that full-size resolve costs about as much as drawing the cube. The background is
one flat colour, so only the rectangles that hold a cube need samples; the rest is a plain single-sample clear.

Buffers are (re)allocated only when the size changes (`ensure`), never per frame; `allocations` counts them so
the benchmark can prove it.
"""

from __future__ import annotations

from dataclasses import dataclass

from OpenGL import GL


@dataclass(frozen=True)
class Rect:
    """A pixel rectangle in OpenGL's bottom-left-origin framebuffer coordinates."""

    x: int
    y: int
    width: int
    height: int

    def clipped(self, width: int, height: int) -> Rect | None:
        x0, y0 = max(self.x, 0), max(self.y, 0)
        x1, y1 = min(self.x + self.width, width), min(self.y + self.height, height)
        return Rect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


class MultisampleTarget:
    """An off-screen framebuffer with `samples` colour and depth samples per pixel (context must be current)."""

    def __init__(self, samples: int) -> None:
        self.samples = samples
        self.allocations = 0
        self._fbo = 0
        self._renderbuffers: list[int] = []
        self._size = (0, 0)

    @staticmethod
    def supported_samples(wanted: int) -> int:
        """The number of samples this driver can give, at most `wanted` (0: no multisampling)."""
        if wanted <= 1:
            return 0
        return min(wanted, int(GL.glGetIntegerv(GL.GL_MAX_SAMPLES)))

    def ensure(self, width: int, height: int) -> None:
        """Allocate for this size unless already done (a resize allocates; a frame never does)."""
        if self._fbo and self._size == (width, height):
            return
        self.release()
        self._fbo = int(GL.glGenFramebuffers(1))
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, self._fbo)
        colour, depth = (int(name) for name in GL.glGenRenderbuffers(2))
        for buffer, storage, attachment in (
            (colour, GL.GL_RGBA8, GL.GL_COLOR_ATTACHMENT0),
            (depth, GL.GL_DEPTH_COMPONENT24, GL.GL_DEPTH_ATTACHMENT),
        ):
            GL.glBindRenderbuffer(GL.GL_RENDERBUFFER, buffer)
            GL.glRenderbufferStorageMultisample(GL.GL_RENDERBUFFER, self.samples, storage, width, height)
            GL.glFramebufferRenderbuffer(GL.GL_FRAMEBUFFER, attachment, GL.GL_RENDERBUFFER, buffer)
        GL.glBindRenderbuffer(GL.GL_RENDERBUFFER, 0)
        self._renderbuffers = [colour, depth]
        self._size = (width, height)
        self.allocations += 1
        if GL.glCheckFramebufferStatus(GL.GL_FRAMEBUFFER) != GL.GL_FRAMEBUFFER_COMPLETE:
            self.release()
            raise RuntimeError(f"no {self.samples}x multisampled framebuffer of {width}x{height}")

    def bind(self) -> None:
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, self._fbo)

    def begin_frame(self, width: int, height: int, widget_fbo: int) -> bool:
        """Bind and clear the multisampled target for a frame; False means draw straight into `widget_fbo`.

        A driver that cannot give this multisampled format turns multisampling off for good (samples = 0), so the
        view still draws, without antialiasing. The clear is whole: llvmpipe defers it to each tile it touches.
        """
        if self.samples:
            try:
                self.ensure(width, height)
            except RuntimeError:
                self.samples = 0
                GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, widget_fbo)
        if not self.samples:
            return False
        self.bind()
        GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
        return True

    def resolve(self, rects: list[Rect], target_fbo: int) -> None:
        """Average the samples of each rectangle into the same place of `target_fbo` (then bound)."""
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, self._fbo)
        GL.glBindFramebuffer(GL.GL_DRAW_FRAMEBUFFER, target_fbo)
        for r in rects:
            x1, y1 = r.x + r.width, r.y + r.height
            GL.glBlitFramebuffer(r.x, r.y, x1, y1, r.x, r.y, x1, y1, GL.GL_COLOR_BUFFER_BIT, GL.GL_NEAREST)
        GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, target_fbo)

    def release(self) -> None:
        if self._renderbuffers:
            GL.glDeleteRenderbuffers(len(self._renderbuffers), self._renderbuffers)
            self._renderbuffers = []
        if self._fbo:
            GL.glDeleteFramebuffers(1, [self._fbo])
            self._fbo = 0
        self._size = (0, 0)
