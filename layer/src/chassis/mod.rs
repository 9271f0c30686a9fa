//! How a call reaches the validation objects. The intercepts themselves are generated
//! (`vigil_generated::intercepts`); what they read from application memory goes through `raw`.

pub mod raw;
#[cfg(test)]
mod tests;
