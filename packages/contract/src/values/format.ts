// Exact money: amounts travel as decimal strings ("1250.50") and are compared in whole cents.
import { centsToAmount, parseCents } from "./money.js";

/** "1250.5" -> 125050; "" is 0. Only for amounts the contract already validated (at most 2 decimals). */
export function centsOf(amount: string): number {
  return amount.trim() === "" ? 0 : parseCents(amount);
}

/** 125050 -> "1250.50". */
export function amountOfCents(cents: number): string {
  return centsToAmount(cents);
}

/** "1250.5" -> "$1,250.50", without going through floating point. */
export function formatUsd(amount: string): string {
  const [whole = "0", fraction = "00"] = amountOfCents(centsOf(amount)).replace("-", "").split(".");
  const grouped = BigInt(whole).toLocaleString("en-US");
  return `${amount.trim().startsWith("-") ? "-" : ""}$${grouped}.${fraction}`;
}

/**
 * Display size: bytes under 1 KB ("820 B"), then KB with one decimal, MB with one decimal above
 * 1024 KB.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const kb = bytes / 1024;
  if (kb > 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${kb.toFixed(1)} KB`;
}
