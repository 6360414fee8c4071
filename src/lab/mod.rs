//! The lab: what trains and measures the engine, natively only.

pub mod egdb_generate;
pub mod external;
pub mod learn;
pub mod matches;
pub mod net_train;
pub mod puzzles;
pub mod tune;
