"""GLSL 3.30 core shaders of the grouped-mesh renderer: per-group model matrices and per-slot colours as uniforms."""

from __future__ import annotations

MAX_GROUPS = 64  # transform groups per draw: 26 cubies, or the pieces of a packing puzzle
MAX_SLOTS = 128  # colour slots per draw: plastic + 54 stickers, or the pieces and their edge colour

VERTEX_SHADER = f"""
#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in float a_group;
layout(location = 3) in float a_slot;

uniform mat4 u_projection;
uniform mat4 u_view;
uniform mat4 u_groups[{MAX_GROUPS}];
uniform vec3 u_colours[{MAX_SLOTS}];

out vec3 v_normal;
out vec3 v_position;
out vec3 v_colour;
out float v_plastic;

void main() {{
    mat4 model_view = u_view * u_groups[int(a_group + 0.5)];
    vec4 position = model_view * vec4(a_position, 1.0);
    int slot = int(a_slot + 0.5);
    v_position = position.xyz;
    v_normal = mat3(model_view) * a_normal;
    v_colour = u_colours[slot];
    v_plastic = slot == 0 ? 1.0 : 0.0;
    gl_Position = u_projection * position;
}}
"""

FRAGMENT_SHADER = """
#version 330 core
in vec3 v_normal;
in vec3 v_position;
in vec3 v_colour;
in float v_plastic;

uniform vec3 u_key_light;   // direction towards the light, view space, unit length
uniform vec3 u_fill_light;
uniform float u_ambient;

out vec4 frag_colour;

void main() {
    vec3 n = normalize(v_normal);
    vec3 to_eye = normalize(-v_position);
    float key = max(dot(n, u_key_light), 0.0);
    float fill = max(dot(n, u_fill_light), 0.0);
    vec3 half_vector = normalize(u_key_light + to_eye);
    // Plastic is glossy; stickers are matte so their colour reads true from any angle.
    float shininess = mix(24.0, 64.0, v_plastic);
    float gloss = mix(0.06, 0.35, v_plastic);
    float specular = gloss * pow(max(dot(n, half_vector), 0.0), shininess);
    vec3 lit = v_colour * (u_ambient + 0.45 * key + 0.15 * fill) + vec3(specular);
    frag_colour = vec4(min(lit, vec3(1.0)), 1.0);
}
"""
