"""Whether an X window is mapped, asked of the X server on a connection of the test's own (libxcb via ctypes).

Why not Qt's `isVisible()`: that is the widget's flag, set before anything reaches the server; what the user sees
is the server's map state, and a second connection can read it from any thread while the GUI thread is blocked.
"""

from __future__ import annotations

import ctypes
import ctypes.util

MAP_STATE_OFFSET = 26  # the byte of xcb_get_window_attributes_reply_t holding map_state (0: unmapped)


class _Cookie(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint)]


def _library() -> ctypes.CDLL:
    name = ctypes.util.find_library("xcb")
    if name is None:
        raise OSError("libxcb is not installed")
    xcb = ctypes.CDLL(name)
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_get_window_attributes.restype = _Cookie
    xcb.xcb_get_window_attributes.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
    xcb.xcb_get_window_attributes_reply.restype = ctypes.POINTER(ctypes.c_uint8)
    xcb.xcb_get_window_attributes_reply.argtypes = [ctypes.c_void_p, _Cookie, ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    return xcb


class XServer:
    """A connection to the display in $DISPLAY, for one thread; `close()` when done."""

    def __init__(self) -> None:
        self._xcb = _library()
        self._free = ctypes.CDLL(None).free
        self._free.argtypes = [ctypes.c_void_p]
        self._connection = self._xcb.xcb_connect(None, None)
        if self._xcb.xcb_connection_has_error(self._connection):
            raise OSError("cannot connect to the X display")

    def mapped(self, window: int) -> bool:
        """Whether the server has the window mapped (shown, or shown once its parent is)."""
        cookie = self._xcb.xcb_get_window_attributes(self._connection, window)
        reply = self._xcb.xcb_get_window_attributes_reply(self._connection, cookie, None)
        if not reply:
            raise OSError(f"no X window {window:#x}")
        try:
            return reply[MAP_STATE_OFFSET] != 0
        finally:
            self._free(ctypes.cast(reply, ctypes.c_void_p))

    def close(self) -> None:
        self._xcb.xcb_disconnect(self._connection)
