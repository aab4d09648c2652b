"""OpenGL views: a generic grouped-mesh renderer, an orbit camera, ray picking, and the cube item built on them.

The layer is split so a second item type (issue 9: polycube pieces) reuses everything but the geometry builder:
`mesh.py` builds numpy geometry whose vertices carry a transform group and a colour slot, `renderer.py` uploads it
once and draws it with per-group matrices and per-slot colours as uniforms, `camera.py` and `picking.py` are
Qt-free maths.
"""
