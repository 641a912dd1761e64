//! The command line's help in Chinese: the about and help text of every command and option,
//! set on the clap command built from the English doc comments, and clap's parse errors as one
//! Chinese sentence. Clap's own words in the help (Usage, Options) stay as clap prints them.

use clap::Command;
use clap::error::{ContextKind, ContextValue, ErrorKind};

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
         `echo 283104765 | searchlab solve` 输出 4），或用 --map 在 MovingAI 网格地图上求解\
         （--start 和 --goal 给出一个问题，或 --scen 给出的每个场景），或用 --graph 在路线图上求解\
         （`searchlab solve --graph romania` 输出 418）。退出状态：0 全部求解，\
         1 有问题无解（或与场景文件不一致），3 有搜索达到结点上限而停止，2 输入有误",
        &[
            (
                "boards",
                "要求解的棋盘（`283104765`、`2 8 3 1 0 4 7 6 5`，或 4x4 的十六进制 \
                 `123456789ABCDEF0`）。不给出时从标准输入每行读一个",
            ),
            (
                "goal",
                "目标状态：一个棋盘或预设（p1379、blank-last、blank-first）。默认：3x3 为 \
                 p1379（123804765），其他尺寸为 blank-last。与 --map 一起用时为目标格子 X,Y\
                 （默认：按行读到的最后一个空格子）。与 --graph 一起用时为目标结点名，\
                 多个用逗号分隔（默认：文件给出的目标）",
            ),
            (
                "map",
                "在这个 MovingAI 网格地图（.map）上搜索，而不是棋盘：八连通、不许切角，与基准测试相同。\
                 请给出 --start 和 --goal，或 --scen。字母按格式的定义读，每步代价 1（斜走 √2）：\
                 地面是 . 和 G，S 是沼泽（普通地面），@ 和 O 是界外、T 是树（都是墙），W 是水\
                 （只能从水进入：水与地面之间不能移动）",
            ),
            (
                "scen",
                "与 --map 一起用：求解这个 MovingAI 场景文件（.scen）中的每个场景，边读边按文件顺序\
                 输出，并把路径长度与文件给出的最优长度比较（有不一致时退出状态为 1）",
            ),
            (
                "start",
                "与 --map 一起用：起点格子 X,Y，x 为列、y 为行，左上角为 0\
                 （默认：按行读到的第一个空格子）。与 --graph 一起用：起点结点名（默认：文件给出的起点）",
            ),
            (
                "graph",
                "在这个路线图上搜索，而不是棋盘：searchlab 的图文件、AIspace 图（.xml），\
                 或预设图的名字（romania、greedy-misled、inconsistent、inadmissible、cycle、\
                 fewest-edges、textbook）。输出找到的路径的代价；所有算法都可用（双向搜索需要唯一的目标）。\
                 --start 和 --goal 给出结点名",
            ),
            (
                "connectivity",
                "与 --map 一起用：4 或 8 个邻居（默认 8，与基准测试相同）",
            ),
            (
                "algorithm",
                "bfs、ucs、astar、greedy、weighted-astar、idastar（迭代加深 A*：只为当前路径占用内存，\
                 适合困难的 15 数码）、ids（迭代加深）、dfs（深度优先，最深到 --depth-limit）、\
                 hdfs（局部择优：子结点按 h 排序的深度优先，最深到 --depth-limit）、\
                 dfbnb（深度优先分支限界，最深到 --depth-limit）、rbfs（递归最佳优先）、\
                 sma（SMA*，最多保存 --memory 个结点）、bidirectional-bfs 或 bidirectional-ucs。单纯求解时 idastar 使用自己的快速搜索；\
                 与 --trace、--tree 或 --table 一起时和其他算法一样在逐步执行的引擎中运行，记录每一步。\
                 默认 astar；但 4x4 棋盘在也没有给出 --heuristic 时，使用最快的最优方法：\
                 带模式数据库的 idastar（只构建一次，几秒钟，进度显示在标准错误上）。\
                 与 --game、--random-tree 或 --tictactoe 一起用：minimax（极大极小）或 alphabeta（α-β 剪枝，默认）",
            ),
            (
                "depth_limit",
                "dfs、hdfs 与 dfbnb 最深扩展的深度：0 到 1000000，仅用于这三种（默认 30）",
            ),
            (
                "memory",
                "sma 同时最多保存的结点数：2 到 10000000，仅用于 sma（默认 1000）。d 步的路径需要 \
                 d\u{a0}+\u{a0}1 个结点；少于此数时 sma 放弃（退出状态 1）",
            ),
            (
                "heuristic",
                "zero、misplaced、manhattan、linear-conflict 或 pdb（加性模式数据库：4x4 上缓存里已有 7-8 时用 7-8，\
                 否则用 6-6-3，除非 --pdb-groups 指定别的分组；3x3 为 4-4；idastar 同时查棋盘和它的镜像；\
                 标准分组可用于任何算法，其他 --pdb-groups 只用于 idastar；只构建一次并缓存在 ~/.cache/searchlab）。\
                 默认 manhattan（4x4 棋盘且未给出 --algorithm 时为 pdb）。\
                 与 --map 一起用时：zero、manhattan、euclidean、octile 或 chebyshev，默认 octile。\
                 与 --graph 一起用时：table（图中的 h 值，默认）、straight-line（直线距离）或 zero",
            ),
            (
                "pdb_groups",
                "4x4 模式数据库的分组：数码用逗号分隔，组之间用斜杠（最多 4 组，每组最多 8 个数码），\
                 或命名的分组：6-6-3（1,2,5,6,9,10/3,4,7,8,11,12/13,14,15）或 7-8（1,...,8/9,...,15）。\
                 7-8 剪枝最多（在 Korf 的 100 个棋盘上扩展结点数约为 6-6-3 的 1/33），但在双核上构建约需\
                 一分钟和 1.6 GB 内存，磁盘上占 576 MB；它进入缓存后就成为默认，否则默认 6-6-3。\
                 每种分组缓存为单独的文件；小的分组构建更快，剪枝较少",
            ),
            (
                "jobs",
                "同时求解的棋盘数（与 --map 一起用时为场景数），每个在自己的线程上（输出仍按输入顺序）：\
                 1 到核数。默认：核数",
            ),
            (
                "weight",
                "f\u{a0}=\u{a0}g\u{a0}+\u{a0}w*h 中的 w：1 到 100，仅用于 weighted-astar（默认 2）",
            ),
            ("tie_break", "f 相同时的顺序：smaller-h、fifo 或 lifo"),
            ("goal_test", "何时做目标测试（generation 仅用于 BFS）"),
            (
                "repeats",
                "搜索再次到达一个状态时怎么做：graph（默认，图搜索：每个状态一个结点，多路径剪枝）、\
                 tree（树搜索：每次都是新结点）或 path（树搜索＋回路检查：丢弃已在自身路径上的子结点；\
                 也可写 tree+cycle-check）。dfs、ids 和 idastar 只记住当前路径，对它们 graph 就是 path；\
                 双向搜索只能用 graph。tree 和 path 在逐步引擎中运行，--node-limit 会停下绕环不止的树搜索",
            ),
            (
                "node_limit",
                "存储的结点将超过此数时停止搜索（退出状态 3）。逐步引擎（带权 A*、ids、dfs、双向搜索、--trace、--repeats tree 或 path）每个结点约占 330 字节，默认上限 5000000 约 1.6 GB；其余最佳优先搜索用的精简求解器占用少得多。快速的 idastar 只存储当前路径：不给出上限时不设上限，给出时按生成的结点计数。\
                 博弈树：搜索最多保存的结点数（默认 2000000，足够对整个井字棋做极大极小搜索），\
                 达到时停止并给出说明（退出状态 3）",
            ),
            ("path", "逐个棋盘打印解路径和每一步移动"),
            (
                "stats",
                "打印扩展数、生成数、open 表峰值、内存峰值、重复扩展数和用时",
            ),
            ("format", "输出格式：text 或 json"),
            (
                "trace",
                "搜索时把每个棋盘的搜索轨迹写入文件：.csv 为 CSV，其他为 Posthoc 的 JSON。\
                 多个棋盘时，第 n 个非空行（从 2 起）上的棋盘写入 FILE-n.ext；/dev/null 等设备或管道接收全部轨迹",
            ),
            (
                "tree",
                "把一个棋盘的搜索树按窗口中的画法写入文件：SVG（.svg）、Graphviz DOT（.dot、.gv）\
                 或 TikZ（.tex）。博弈树按教材的画法写出（MAX 为尖朝上的三角形，MIN 尖朝下，\
                 标出 α剪枝和 β剪枝）：SVG（.svg）、PNG（.png）或可独立编译的 TikZ（.tex）",
            ),
            (
                "table",
                "把一个棋盘每一步的 OPEN 表和 CLOSED 表写入文件：Markdown（.md）、CSV（.csv）\
                 或 LaTeX（.tex）。博弈树：每进入或返回一个结点一行，写出它的值、α、β 和该处的剪枝",
            ),
            (
                "max_steps",
                "与 --tree 或 --table 一起用：最多执行这么多步（前 N 次扩展）",
            ),
            ("max_depth", "与 --tree 一起用：只画深度不超过 D 的结点"),
            (
                "game",
                "用极大极小或 α-β 剪枝搜索一棵博弈树（--algorithm minimax|alphabeta，默认 alphabeta）：\
                 叶结点带值的嵌套表 `((3 12 8) (2 4 6) (14 5 2))`，可带结点名 \
                 `A(B(3 12 8) C(2 4 6) D(14 5 2))`，或预设（aima-5.2、alpha-and-beta、no-cuts）。\
                 输出倒推值、最佳走步、评估的叶结点数、访问的结点数、每次 α剪枝或 β剪枝及剪去的叶结点，以及主变例",
            ),
            (
                "random_tree",
                "搜索一棵随机博弈树：分支数 B、深度 D，叶结点的值从 LOW 到 HIGH（默认 0 到 20），由 --seed 抽取",
            ),
            ("seed", "与 --random-tree 一起用：随机种子（默认 1）"),
            (
                "root",
                "与 --game 或 --random-tree 一起用：根结点轮到谁走，max 或 min（默认 max）",
            ),
            (
                "order",
                "与 --game、--random-tree 或 --tictactoe 一起用：访问子结点的次序：given（按给定次序，默认）、\
                 best（按静态估价，对走棋方好的先走）或 worst（坏的先走）",
            ),
            (
                "tictactoe",
                "从这个局面搜索井字棋：逐行写九个格子，X、O 或 .（X 与 O 一样多时轮到 X）。\
                 格子按阅读顺序编号 1 到 9",
            ),
            (
                "depth",
                "与 --tictactoe 一起用：向前看这么多步后用静态估价函数估值，1 到 9（默认：搜索到终局）",
            ),
            (
                "eval",
                "与 --tictactoe 一起用：--depth 处的静态估价函数，open-lines（MAX 的开放行数\u{a0}−\u{a0}MIN 的，默认）\
                 或 weighted（3·X₂\u{a0}+\u{a0}X₁\u{a0}−\u{a0}(3·O₂\u{a0}+\u{a0}O₁)）",
            ),
            (
                "iterative",
                "与 --tictactoe 和 --depth 一起用：迭代加深，深度 1、2、……直到 --depth",
            ),
        ],
    ),
    (
        "experiment",
        "对深度 2、4、……各随机抽取到目标距离恰为该深度的 3x3 棋盘，用每个配置求解，\
         输出每个深度的平均生成数、扩展数和 b*",
        &[
            (
                "max_depth",
                "抽样的最大最优距离，1 到 31（3x3 棋盘离任何目标至多 31 步，离默认目标至多 30 步）",
            ),
            (
                "step",
                "抽样深度为 step、step*2、……直到 --max-depth（1 到 31）",
            ),
            ("boards", "每个深度的随机棋盘数，1 到 100000"),
            ("seed", "抽取棋盘的随机种子；种子相同，棋盘相同"),
            (
                "configs",
                "一个配置，写成 algorithm[:heuristic[:weight]][:设置=值]...，如 bfs、astar:misplaced、\
                 weighted-astar:manhattan:1.5、bfs:goal-test=generation、dfs:depth-limit=12、\
                 bfs:repeats=tree:node-limit=100000、rbfs:manhattan、sma:manhattan:memory=200。\
                 设置：tie（smaller-h、fifo、lifo）、\
                 goal-test（expansion，bfs 还可用 generation）、repeats（graph 图搜索、tree 树搜索、\
                 path 树搜索＋回路检查）、depth-limit（dfs、hdfs、dfbnb）、memory（sma）、\
                 node-limit（在此停止的搜索不计入平均）。\
                 可重复；默认 bfs、astar:misplaced、astar:manhattan",
            ),
            ("goal", "目标状态（3x3 棋盘或预设）"),
            ("threads", "工作线程数，1 到 256"),
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
                "同时显示曼哈顿距离乘以此权重（1 到 100），看看不可采纳的估计是什么样子",
            ),
        ],
    ),
    (
        "bench",
        "测量引擎速度：整个状态空间的 BFS、1,000 个随机棋盘上的 A*、100 个棋盘上的 BFS，\
         512x512 随机网格地图上的 A*（与 pathfinding 库对比），Korf 的 100 个 4x4 实例上的 IDA*，\
         以及 open 表和 closed 表很大时窗口每帧的用时",
        &[
            ("quick", "重复次数少一些，快速看一眼"),
            (
                "only",
                "只运行这一部分：puzzle（拼图）、grid（512x512 地图上的 A*，与 pathfinding 库对比）、\
                 fifteen（Korf 的 100 个 4x4 实例上带模式数据库的 IDA*，单线程和全部核）\
                 或 window（窗口每帧用时）",
            ),
        ],
    ),
];

/// The command with Chinese about and help texts.
pub fn translate(command: Command) -> Command {
    let mut command = command
        .about("在滑块拼图上逐步运行 A*、BFS 和贪婪最佳优先搜索。不带参数时打开窗口；`searchlab open 文件` 打开窗口并载入保存的会话（课例）。")
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

/// A parse error as one Chinese sentence naming the argument and the value; `None` for help
/// and version, which clap prints itself.
pub fn parse_error(err: &clap::Error) -> Option<String> {
    let context = |kind: ContextKind| match err.get(kind) {
        Some(ContextValue::String(text)) => text.clone(),
        Some(ContextValue::Strings(list)) => list.join("、"),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    let arg = context(ContextKind::InvalidArg);
    let value = super::shorten(&context(ContextKind::InvalidValue));
    let sentence = match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return None,
        ErrorKind::InvalidValue => {
            let valid = context(ContextKind::ValidValue);
            if valid.is_empty() {
                format!("{arg} 的值“{value}”无效")
            } else {
                format!("{arg} 的值“{value}”无效：可选 {valid}")
            }
        }
        ErrorKind::ValueValidation => {
            let source = std::error::Error::source(err);
            let why = match source {
                Some(e) if e.is::<std::num::ParseFloatError>() => "不是数".to_owned(),
                Some(e) => match e
                    .downcast_ref::<std::num::ParseIntError>()
                    .map(|e| e.kind())
                {
                    Some(std::num::IntErrorKind::PosOverflow) => "太大".to_owned(),
                    Some(std::num::IntErrorKind::NegOverflow) => "太小".to_owned(),
                    Some(_) => "不是整数".to_owned(),
                    // The parsers of searchlab's own options speak the chosen language.
                    None => e.to_string(),
                },
                None => "无效".to_owned(),
            };
            format!("{arg} 的值“{value}”：{why}")
        }
        ErrorKind::UnknownArgument => format!("不认识的参数 {arg}"),
        ErrorKind::InvalidSubcommand => format!(
            "不认识的子命令 {}：请用 solve、experiment、inspect 或 bench",
            context(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::MissingSubcommand => {
            "缺少子命令：请用 solve、experiment、inspect 或 bench".to_owned()
        }
        ErrorKind::MissingRequiredArgument => format!("缺少必需的参数 {arg}"),
        ErrorKind::NoEquals => format!("{arg} 的值要用\u{a0}=\u{a0}给出"),
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("{arg} 的值的个数不对")
        }
        ErrorKind::ArgumentConflict => {
            format!("{arg} 不能与 {} 同时使用", context(ContextKind::PriorArg))
        }
        ErrorKind::InvalidUtf8 => "参数不是有效的 UTF-8 文本".to_owned(),
        _ => "命令行参数有误".to_owned(),
    };
    Some(format!("{sentence}（用 --help 查看用法）"))
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
