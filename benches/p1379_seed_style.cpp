// The baseline of `searchlab bench`'s batch row: A* on the 8-puzzle written the way the
// classic P1379 solutions are (a board as a nine-digit int, std::priority_queue ordered by
// f = g + h with Manhattan distance, a std::map from each board seen to its best g), extended
// to answer one board per input line. A board is closed when it is taken from the queue, and
// an entry whose g is no longer the best is skipped, so every answer is the fewest moves (a
// version that closes boards when they are generated can answer more). Compiled by the bench
// with `g++ -O2`.
#include <cstdlib>
#include <iostream>
#include <map>
#include <queue>
#include <string>
#include <vector>

namespace {

const int kGoal = 123804765;
// Where each tile sits in the goal 1 2 3 / 8 0 4 / 7 6 5, as a cell 0..8.
const int kGoalCell[9] = {4, 0, 1, 2, 5, 8, 7, 6, 3};

struct Node {
    int state;
    int g;
    int h;
};

struct ByF {
    bool operator()(const Node& a, const Node& b) const { return a.g + a.h > b.g + b.h; }
};

int manhattan(int state) {
    int h = 0;
    for (int cell = 8; cell >= 0; --cell) {
        int tile = state % 10;
        state /= 10;
        if (tile != 0) {
            h += std::abs(cell / 3 - kGoalCell[tile] / 3) + std::abs(cell % 3 - kGoalCell[tile] % 3);
        }
    }
    return h;
}

int solve(int start) {
    std::priority_queue<Node, std::vector<Node>, ByF> open;
    std::map<int, int> best;
    open.push(Node{start, 0, manhattan(start)});
    best[start] = 0;
    const int dr[4] = {-1, 1, 0, 0};
    const int dc[4] = {0, 0, -1, 1};
    while (!open.empty()) {
        Node node = open.top();
        open.pop();
        if (node.g > best[node.state]) continue;
        if (node.state == kGoal) return node.g;
        int cells[9];
        int blank = 0;
        int rest = node.state;
        for (int cell = 8; cell >= 0; --cell) {
            cells[cell] = rest % 10;
            rest /= 10;
            if (cells[cell] == 0) blank = cell;
        }
        for (int d = 0; d < 4; ++d) {
            int r = blank / 3 + dr[d];
            int c = blank % 3 + dc[d];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            int next = r * 3 + c;
            std::swap(cells[blank], cells[next]);
            int child = 0;
            for (int cell = 0; cell < 9; ++cell) child = child * 10 + cells[cell];
            std::swap(cells[blank], cells[next]);
            std::map<int, int>::iterator seen = best.find(child);
            if (seen != best.end() && seen->second <= node.g + 1) continue;
            best[child] = node.g + 1;
            open.push(Node{child, node.g + 1, manhattan(child)});
        }
    }
    return -1;
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::cout << solve(std::atoi(line.c_str())) << '\n';
    }
    return 0;
}
