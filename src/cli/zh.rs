//! The command line's help in Chinese: the about and help text of every command and option,
//! set on the clap command built from the English doc comments. Clap's own words (Usage,
//! Options) stay as clap prints them.

use clap::Command;

/// (subcommand, about, [(argument id, help)]).
type Page = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const PAGES: &[Page] = &[
    (
        "solve",
        "求解命令行参数给出的棋盘，或从标准输入每行读一个（默认为洛谷 P1379 格式：\
         `echo 283104765 | searchlab solve` 输出 4）",
        &[
            (
                "boards",
                "要求解的棋盘（`283104765`、`2 8 3 1 0 4 7 6 5`，或 4x4 的十六进制 \
                 `123456789ABCDEF0`）。不给出时从标准输入每行读一个",
            ),
            (
                "goal",
                "目标状态：一个棋盘或预设（p1379、blank-last、blank-first）。默认：3x3 为 \
                 p1379（123804765），其他尺寸为 blank-last",
            ),
            ("algorithm", "bfs、ucs、astar、greedy 或 weighted-astar"),
            ("heuristic", "zero、misplaced、manhattan 或 linear-conflict"),
            ("weight", "f = g + w*h 中的 w（仅用于加权 A*）"),
            ("tie_break", "f 相同时的顺序：smaller-h、fifo 或 lifo"),
            ("goal_test", "何时做目标测试（generation 仅用于 BFS）"),
            ("node_limit", "存储的结点超过此数时停止搜索"),
            ("path", "逐个棋盘打印解路径和每一步移动"),
            ("stats", "打印扩展数、生成数、open 表峰值和用时"),
            ("format", "输出格式：text 或 json"),
            (
                "trace",
                "把每个棋盘的搜索轨迹写入文件：.csv 为 CSV，其他为 Posthoc 的 JSON",
            ),
        ],
    ),
    (
        "experiment",
        "对深度 2、4、……各随机抽取到目标距离恰为该深度的 3x3 棋盘，用每个配置求解，\
         输出每个深度的平均生成数、扩展数和 b*",
        &[
            ("max_depth", "抽样的最大最优距离（默认目标下至多 30）"),
            ("step", "抽样深度为 step、step*2、……直到 --max-depth"),
            ("boards", "每个深度的随机棋盘数"),
            ("seed", "抽取棋盘的随机种子；种子相同，棋盘相同"),
            (
                "configs",
                "一个配置，写成 algorithm[:heuristic[:weight]]，如 bfs、astar:misplaced、\
                 weighted-astar:manhattan:1.5。可重复；默认 bfs、astar:misplaced、astar:manhattan",
            ),
            ("goal", "目标状态（3x3 棋盘或预设）"),
            ("threads", "工作线程数"),
            ("format", "markdown 或 csv"),
        ],
    ),
    (
        "inspect",
        "在全部 3x3 状态上比较各启发函数与真实距离 h*：每个 h* 上的平均值和范围，以及是否可采纳",
        &[
            ("goal", "目标状态（3x3 棋盘或预设）"),
            (
                "weight",
                "同时显示曼哈顿距离乘以此权重，看看不可采纳的估计是什么样子",
            ),
        ],
    ),
    (
        "bench",
        "测量引擎速度：整个状态空间的 BFS、1,000 个随机棋盘上的 A*、100 个棋盘上的 BFS，\
         以及 open 表和 closed 表很大时窗口每帧的用时",
        &[("quick", "重复次数少一些，快速看一眼")],
    ),
];

/// The command with Chinese about and help texts.
pub fn translate(command: Command) -> Command {
    let mut command = command
        .about("在滑块拼图上逐步运行 A*、BFS 和贪婪最佳优先搜索。不带参数时打开窗口。")
        .mut_arg("lang", |a| {
            a.help("帮助和消息的语言：en 或 zh。默认取 SEARCHLAB_LANG，否则取系统区域设置")
        });
    for (name, about, args) in PAGES {
        command = command.mut_subcommand(*name, |sub| {
            let mut sub = sub.about(*about);
            for (id, help) in args.iter() {
                sub = sub.mut_arg(*id, |a| a.help(*help));
            }
            sub
        });
    }
    command
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn every_subcommand_and_argument_has_its_chinese() {
        let english = super::super::Cli::command();
        for sub in english.get_subcommands() {
            let name = sub.get_name();
            if name == "help" {
                continue;
            }
            let page = PAGES
                .iter()
                .find(|(n, _, _)| *n == name)
                .unwrap_or_else(|| panic!("no Chinese page for `{name}`"));
            for arg in sub.get_arguments() {
                let id = arg.get_id().as_str();
                if ["help", "version", "lang"].contains(&id) {
                    continue;
                }
                assert!(
                    page.2.iter().any(|(a, _)| *a == id),
                    "no Chinese help for `{name} --{id}`"
                );
            }
        }
        // And translating finds every id it names (clap panics on an unknown one).
        translate(english).build();
    }
}
