// The feed's packed lists (holder lists, rankings) hold big-endian 64-bit integers. Read through
// a DataView as two 32-bit halves, a million of them take milliseconds; read as BigInt and
// converted, they took most of a second (docs/benchmarks/2026-11-29-rankings-ahead.md).

/** A view for int64At over packed bytes. */
export function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The big-endian signed 64-bit integer at `at`, as a number (exact within ±2^53). */
export function int64At(view: DataView, at: number): number {
  return view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
}
