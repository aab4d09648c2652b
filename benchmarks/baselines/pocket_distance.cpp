// Baseline for the 2x2 net pairs workload: distance between pairs of 2x2x2 colour nets, rotations free.
// Written for cubeviz's benchmark (not taken from the seed): it does the same job as
// `cubeviz-solve pocket-distance` -- a breadth-first God's table over the 3,674,160 DBL-frame positions
// (quarter-turn metric, built at start-up every run), then per pair: colour map from net A's own corners,
// corner reading, whole-cube normalisation of B, and a table lookup of A^-1 * B.
// Build: g++ -O2 -std=c++17 -o pocket_distance pocket_distance.cpp ; run: ./pocket_distance < input
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kCorners = 8, kPerm = 5040, kTwist = 729, kStates = kPerm * kTwist;
constexpr int kDBL = 6;

struct Cubie {
    int8_t cp[kCorners], co[kCorners];
};

// Corner slots URF UFL ULB UBR DFR DLF DBL DRB: their stickers (facelets U1..U4=0..3, R 4..7, F 8..11,
// D 12..15, L 16..19, B 20..23), U/D sticker first, then clockwise.
const int kSlotFacelets[kCorners][3] = {{3, 4, 9},   {2, 8, 17},   {0, 16, 21}, {1, 20, 5},
                                        {13, 11, 6}, {12, 19, 10}, {14, 23, 18}, {15, 7, 22}};

Cubie compose(const Cubie& a, const Cubie& b) {  // a then b
    Cubie r;
    for (int i = 0; i < kCorners; ++i) {
        r.cp[i] = a.cp[b.cp[i]];
        r.co[i] = static_cast<int8_t>((a.co[b.cp[i]] + b.co[i]) % 3);
    }
    return r;
}

Cubie inverse(const Cubie& a) {
    Cubie r;
    for (int i = 0; i < kCorners; ++i) {
        r.cp[a.cp[i]] = static_cast<int8_t>(i);
        r.co[a.cp[i]] = static_cast<int8_t>((3 - a.co[i]) % 3);
    }
    return r;
}

Cubie make(std::initializer_list<int> cp, std::initializer_list<int> co) {
    Cubie c;
    int i = 0;
    for (int v : cp) c.cp[i++] = static_cast<int8_t>(v);
    i = 0;
    for (int v : co) c.co[i++] = static_cast<int8_t>(v);
    return c;
}

const int kFreeSlots[7] = {0, 1, 2, 3, 4, 5, 7};

int perm_coord(const Cubie& c) {
    int rank[7];
    for (int i = 0; i < 7; ++i) rank[i] = c.cp[kFreeSlots[i]] == 7 ? 6 : c.cp[kFreeSlots[i]];
    int result = 0;
    for (int i = 0; i < 6; ++i) {
        int smaller = 0;
        for (int j = i + 1; j < 7; ++j) smaller += rank[j] < rank[i];
        result = result * (7 - i) + smaller;
    }
    return result;
}

int twist_coord(const Cubie& c) {
    int result = 0;
    for (int i = 0; i < 6; ++i) result = result * 3 + c.co[i];
    return result;
}

Cubie from_coords(int perm, int twist) {
    Cubie c;
    int digits[7];
    for (int i = 6; i >= 0; --i) {  // Lehmer digits, least significant last
        digits[i] = perm % (7 - i);
        perm /= (7 - i);
    }
    bool used[7] = {};
    for (int i = 0; i < 7; ++i) {
        int k = digits[i];
        for (int v = 0; v < 7; ++v) {
            if (used[v]) continue;
            if (k-- == 0) {
                used[v] = true;
                c.cp[kFreeSlots[i]] = static_cast<int8_t>(v == 6 ? 7 : v);
                break;
            }
        }
    }
    c.cp[kDBL] = kDBL;
    int sum = 0;
    for (int i = 5; i >= 0; --i) {
        c.co[i] = static_cast<int8_t>(twist % 3);
        sum += c.co[i];
        twist /= 3;
    }
    c.co[kDBL] = 0;
    c.co[7] = static_cast<int8_t>((3 - sum % 3) % 3);
    return c;
}

struct Engine {
    std::vector<uint8_t> dist;
    Cubie rotations[24];
    int rotation_for[kCorners][3];  // [slot of DBL piece][its twist] -> rotation bringing it home
    int piece_of[6 * 36];           // face ids seen at a slot -> 3 * piece + twist, or -1

    void build() {
        Cubie U = make({3, 0, 1, 2, 4, 5, 6, 7}, {0, 0, 0, 0, 0, 0, 0, 0});
        Cubie R = make({4, 1, 2, 0, 7, 5, 6, 3}, {2, 0, 0, 1, 1, 0, 0, 2});
        Cubie F = make({1, 5, 2, 3, 0, 4, 6, 7}, {1, 2, 0, 0, 2, 1, 0, 0});
        Cubie gens[6] = {U, inverse(U), R, inverse(R), F, inverse(F)};
        std::vector<int32_t> perm_move(6 * kPerm), twist_move(6 * kTwist);
        for (int p = 0; p < kPerm; ++p) {
            Cubie c = from_coords(p, 0);
            for (int m = 0; m < 6; ++m) perm_move[m * kPerm + p] = perm_coord(compose(c, gens[m]));
        }
        for (int t = 0; t < kTwist; ++t) {
            Cubie c = from_coords(0, t);
            for (int m = 0; m < 6; ++m) twist_move[m * kTwist + t] = twist_coord(compose(c, gens[m]));
        }
        dist.assign(kStates, 255);
        std::vector<int32_t> queue(kStates);
        size_t head = 0, tail = 0;
        queue[tail++] = 0;
        dist[0] = 0;
        while (head < tail) {
            int32_t s = queue[head++];
            int p = s / kTwist, t = s % kTwist;
            uint8_t next = static_cast<uint8_t>(dist[s] + 1);
            for (int m = 0; m < 6; ++m) {
                int32_t n = perm_move[m * kPerm + p] * kTwist + twist_move[m * kTwist + t];
                if (dist[n] == 255) {
                    dist[n] = next;
                    queue[tail++] = n;
                }
            }
        }
        // The 24 whole-cube rotations, generated from x and y.
        Cubie x = make({4, 5, 1, 0, 7, 6, 2, 3}, {2, 1, 2, 1, 1, 2, 1, 2});
        Cubie y = make({3, 0, 1, 2, 7, 4, 5, 6}, {0, 0, 0, 0, 0, 0, 0, 0});
        int count = 1;
        rotations[0] = make({0, 1, 2, 3, 4, 5, 6, 7}, {0, 0, 0, 0, 0, 0, 0, 0});
        for (int i = 0; i < count && count < 24; ++i) {
            for (const Cubie* g : {&x, &y}) {
                Cubie c = compose(rotations[i], *g);
                bool seen = false;
                for (int j = 0; j < count; ++j) seen = seen || std::memcmp(&c, &rotations[j], sizeof c) == 0;
                if (!seen) rotations[count++] = c;
            }
        }
        for (int r = 0; r < 24; ++r) rotation_for[rotations[r].cp[kDBL]][(3 - rotations[r].co[kDBL]) % 3] = r;
        for (int& v : piece_of) v = -1;
        for (int piece = 0; piece < kCorners; ++piece)
            for (int twist = 0; twist < 3; ++twist) {
                int seen[3];
                for (int j = 0; j < 3; ++j) seen[j] = kSlotFacelets[piece][(j - twist + 3) % 3] / 4;
                piece_of[seen[0] * 36 + seen[1] * 6 + seen[2]] = piece * 3 + twist;
            }
    }

    // Corner pieces of a net given face ids per facelet; false if not a real cube.
    bool read(const int faces[24], Cubie& c) const {
        int mask = 0, twist_sum = 0;
        for (int s = 0; s < kCorners; ++s) {
            const int* f = kSlotFacelets[s];
            if (faces[f[0]] < 0 || faces[f[1]] < 0 || faces[f[2]] < 0) return false;
            int v = piece_of[faces[f[0]] * 36 + faces[f[1]] * 6 + faces[f[2]]];
            if (v < 0) return false;
            c.cp[s] = static_cast<int8_t>(v / 3);
            c.co[s] = static_cast<int8_t>(v % 3);
            mask |= 1 << (v / 3);
            twist_sum += v % 3;
        }
        return mask == 255 && twist_sum % 3 == 0;
    }

    int distance(const char a[24], const char b[24]) const {
        // Colour map from A's corners: the DBL slot names D, B, L; the rest follow from shared corners.
        char colour[6];
        colour[3] = a[14], colour[5] = a[23], colour[4] = a[18];
        const char must[3][3] = {{colour[5], colour[4], colour[3]},   // U: with B and L, not D
                                 {colour[3], colour[5], colour[4]},   // R: with D and B, not L
                                 {colour[3], colour[4], colour[5]}};  // F: with D and L, not B
        const int face_of_rule[3] = {0, 1, 2};
        for (int k = 0; k < 3; ++k) {
            int found = 0;
            for (int s = 0; s < kCorners; ++s) {
                char l0 = a[kSlotFacelets[s][0]], l1 = a[kSlotFacelets[s][1]], l2 = a[kSlotFacelets[s][2]];
                auto has = [&](char c) { return l0 == c || l1 == c || l2 == c; };
                if (has(must[k][0]) && has(must[k][1]) && !has(must[k][2])) {
                    ++found;
                    colour[face_of_rule[k]] = static_cast<char>(l0 + l1 + l2 - must[k][0] - must[k][1]);
                }
            }
            if (found != 1) return -1;
        }
        int faces_a[24], faces_b[24];
        for (int i = 0; i < 24; ++i) {
            faces_a[i] = faces_b[i] = -1;
            for (int f = 0; f < 6; ++f) {
                if (a[i] == colour[f]) faces_a[i] = f;
                if (b[i] == colour[f]) faces_b[i] = f;
            }
        }
        Cubie ca, cb;
        if (!read(faces_a, ca) || !read(faces_b, cb)) return -1;
        int slot = 0;
        while (cb.cp[slot] != kDBL) ++slot;
        Cubie nb = compose(cb, rotations[rotation_for[slot][cb.co[slot]]]);
        Cubie g = compose(inverse(ca), nb);
        return dist[perm_coord(g) * kTwist + twist_coord(g)];
    }
};

}  // namespace

int main() {
    std::vector<char> input;
    char buffer[1 << 16];
    size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) input.insert(input.end(), buffer, buffer + got);
    size_t pos = 0;
    auto next_char = [&]() -> int {
        while (pos < input.size() && (input[pos] == ' ' || (input[pos] >= '\t' && input[pos] <= '\r'))) ++pos;
        return pos < input.size() ? input[pos++] : -1;
    };
    Engine engine;
    engine.build();
    long pairs = std::strtol(input.data() + pos, nullptr, 10);
    while (pos < input.size() && (input[pos] == ' ' || (input[pos] >= '\t' && input[pos] <= '\r'))) ++pos;
    while (pos < input.size() && input[pos] >= '0' && input[pos] <= '9') ++pos;
    // Non-blank characters of one pair, row by row: A-part, separator, B-part (see NET_ROWS in cubeviz).
    const int rows[6][8] = {{0, 1}, {2, 3}, {16, 17, 8, 9, 4, 5, 20, 21}, {18, 19, 10, 11, 6, 7, 22, 23}, {12, 13},
                            {14, 15}};
    const int widths[6] = {2, 2, 8, 8, 2, 2};
    std::string out;
    out.reserve(static_cast<size_t>(pairs) * 3);
    for (long k = 0; k < pairs; ++k) {
        char a[24], b[24];
        for (int r = 0; r < 6; ++r) {
            for (int i = 0; i < widths[r]; ++i) a[rows[r][i]] = static_cast<char>(next_char() & 0xDF);
            next_char();  // separator
            for (int i = 0; i < widths[r]; ++i) b[rows[r][i]] = static_cast<char>(next_char() & 0xDF);
        }
        out += std::to_string(engine.distance(a, b));
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
