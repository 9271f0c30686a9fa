//! The main job's program with mistakes: each mistake reported exactly once with its id, and
//! nothing else (the same program `vigil-demo` shows a new user).

use vigil_tests::mistakes::{self, MISTAKES};
use vigil_tests::VulkanEnv;

#[test]
fn each_mistake_is_reported_once_with_its_id_and_nothing_else() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let mut reported: Vec<String> =
        mistakes::run(&entry).into_iter().filter(|m| m.is_problem()).map(|m| m.id_name).collect();
    reported.sort();
    let mut expected: Vec<String> = MISTAKES.iter().map(|m| m.id.to_string()).collect();
    expected.sort();
    assert_eq!(reported, expected);
}
