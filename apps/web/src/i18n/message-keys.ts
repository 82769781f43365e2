/**
 * The keys of the contract's messages in the "messages" catalog (./server-message-keys.ts), once
 * loaded for another language (./translation-state.ts); until then, none.
 */
let table: ReadonlyMap<string, string> | null = null;

export function setMessageKeys(keys: ReadonlyMap<string, string>): void {
  table = keys;
}

/** The catalog key of a contract message, or undefined. */
export function messageKeyOf(message: string): string | undefined {
  return table?.get(message);
}
