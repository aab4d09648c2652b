// Baseline for benchmarks/packing_soma.py: a plain compiled bitset backtracker for Soma 27-cell lines (UVa 197).
// For every input line it searches from scratch: piece a in the given orientation at every translation, the other
// six pieces in all 24 rotations, always filling the lowest empty cell; then it sorts and prints the strings.
// Cell index = plane * 9 + row * 3 + column, the seed's linearisation; coordinates are (column, row, plane).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <set>
#include <string>
#include <vector>

using Cell = std::array<int, 3>;
using Shape = std::vector<Cell>;

static Shape normal(Shape s) {
    int lo[3] = {99, 99, 99};
    for (auto &c : s) for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], c[a]);
    for (auto &c : s) for (int a = 0; a < 3; ++a) c[a] -= lo[a];
    std::sort(s.begin(), s.end());
    return s;
}

static std::vector<std::array<int, 9>> rotations() {
    std::vector<std::array<int, 9>> out;
    int perm[3] = {0, 1, 2};
    do {
        for (int signs = 0; signs < 8; ++signs) {
            std::array<int, 9> m{};
            for (int r = 0; r < 3; ++r) m[r * 3 + perm[r]] = (signs >> r & 1) ? -1 : 1;
            int det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                      m[2] * (m[3] * m[7] - m[4] * m[6]);
            if (det == 1) out.push_back(m);
        }
    } while (std::next_permutation(perm, perm + 3));
    return out;
}

static std::vector<Shape> orientations(const Shape &s) {
    std::set<Shape> seen;
    for (auto &m : rotations()) {
        Shape t;
        for (auto &c : s) {
            Cell d{};
            for (int r = 0; r < 3; ++r) d[r] = m[r * 3] * c[0] + m[r * 3 + 1] * c[1] + m[r * 3 + 2] * c[2];
            t.push_back(d);
        }
        seen.insert(normal(t));
    }
    return {seen.begin(), seen.end()};
}

static void placements(const Shape &s, std::vector<uint32_t> &out) {
    int hi[3] = {0, 0, 0};
    for (auto &c : s) for (int a = 0; a < 3; ++a) hi[a] = std::max(hi[a], c[a]);
    for (int dx = 0; dx + hi[0] < 3; ++dx)
        for (int dy = 0; dy + hi[1] < 3; ++dy)
            for (int dz = 0; dz + hi[2] < 3; ++dz) {
                uint32_t m = 0;
                for (auto &c : s) m |= 1u << ((c[2] + dz) * 9 + (c[1] + dy) * 3 + c[0] + dx);
                out.push_back(m);
            }
}

static const uint32_t FULL = (1u << 27) - 1;
static std::vector<uint32_t> by_cell[7][27];  // piece, lowest cell -> masks
static uint32_t chosen[7];
static bool used[7];
static std::vector<std::string> found;

static void walk(uint32_t occ, int depth) {
    if (occ == FULL) {
        std::string s(27, '.');
        for (int p = 0; p < 7; ++p)
            for (int c = 0; c < 27; ++c)
                if (chosen[p] >> c & 1) s[c] = char('a' + p);
        found.push_back(s);
        return;
    }
    int cell = __builtin_ctz(~occ);
    for (int p = 0; p < 7; ++p) {
        if (used[p]) continue;
        used[p] = true;
        for (uint32_t m : by_cell[p][cell])
            if (!(m & occ)) {
                chosen[p] = m;
                walk(occ | m, depth + 1);
            }
        used[p] = false;
    }
}

int main() {
    std::ios::sync_with_stdio(false);
    // piece shapes b..g as (column, row, plane); a comes from the input
    const Shape pieces[7] = {
        {},
        {{0, 0, 0}, {0, 0, 1}, {0, 1, 1}},
        {{0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {1, 2, 0}},
        {{0, 0, 1}, {0, 0, 2}, {1, 0, 0}, {1, 0, 1}},
        {{0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {1, 1, 1}},
        {{0, 1, 0}, {1, 0, 0}, {1, 0, 1}, {1, 1, 0}},
        {{0, 0, 1}, {1, 0, 0}, {1, 0, 1}, {1, 1, 0}},
    };
    for (int p = 1; p < 7; ++p) {
        std::vector<uint32_t> all;
        for (auto &o : orientations(pieces[p])) placements(o, all);
        for (uint32_t m : all) by_cell[p][__builtin_ctz(m)].push_back(m);
    }
    std::string line, out;
    while (std::getline(std::cin, line) && !line.empty()) {
        Shape a;
        for (int i = 0; i < 27 && i < (int)line.size(); ++i)
            if (line[i] == 'a') a.push_back({i % 3, i / 3 % 3, i / 9});
        for (auto &v : by_cell[0]) v.clear();
        std::vector<uint32_t> amasks;
        placements(normal(a), amasks);
        for (uint32_t m : amasks) by_cell[0][__builtin_ctz(m)].push_back(m);
        found.clear();
        walk(0, 0);
        std::sort(found.begin(), found.end());
        out.clear();
        for (auto &s : found) { out += s; out += '\n'; }
        out += '\n';
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    return 0;
}
