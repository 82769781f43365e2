// Filled in by the module that owns this area.
export {};
