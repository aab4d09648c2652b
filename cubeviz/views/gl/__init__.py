"""OpenGL views: a generic grouped-mesh renderer, an orbit camera, ray picking, and the cube item built on them.

The layer is split so a second item type (polycube pieces) reuses everything but the geometry builder:
`mesh.py` builds numpy geometry whose vertices carry a transform group and a colour slot, `renderer.py` uploads it
once and draws it with per-group matrices and per-slot colours as uniforms (`draw` for a whole mesh, `draw_ranges`
for parts of it), `msaa.py` gives a multisampled target resolved only where something is drawn, `camera.py` and
`picking.py` are Qt-free maths. The cube's own pieces: `cube_geometry.py` / `cubie_mesh.py` (what a frame needs
to draw), `cube_item.py`, `animation.py`, `turn_geometry.py`, `letters.py`, and the widget `cube_view.py`.
"""
