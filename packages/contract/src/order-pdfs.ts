// The order's PDFs live with the contract's values (no schema library): screens import them
// without the schemas' chunk.
export * from "./values/order-pdfs.js";
