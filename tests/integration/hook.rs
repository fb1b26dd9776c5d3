//! The gate at run time, through `gitvow hook`: agents, adapters, the gate, patches, providers, records.

mod adapter;
mod adapter_info;
mod agents;
mod cross_loading;
mod gate;
mod hermes_pi;
mod mcp_paths;
mod patch;
mod providers;
mod records;
