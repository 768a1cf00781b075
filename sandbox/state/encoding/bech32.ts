/** Bech32 and bech32m (BIP-173, BIP-350) for segwit addresses. */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i] as number;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    const value = data[i] as number;
    if (value >> from) return undefined;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || (acc << (to - bits)) & maxv) {
    return undefined;
  }
  return out;
}

export function encodeSegwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...(convertBits(program, 8, 5, true) ?? [])];
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET[d]).join("")}`;
}

/** Version and witness program of a segwit address of network `hrp` ("bc" or "tb"), or undefined. */
export function decodeSegwitAddress(
  hrp: string,
  address: string,
): { version: number; program: Uint8Array } | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const text = address.toLowerCase();
  const sep = text.lastIndexOf("1");
  if (sep < 1 || sep + 7 > text.length || text.length > 90 || text.slice(0, sep) !== hrp) return undefined;
  const data: number[] = [];
  for (const ch of text.slice(sep + 1)) {
    const d = CHARSET.indexOf(ch);
    if (d < 0) return undefined;
    data.push(d);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const version = data[0] as number;
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return undefined;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40 || version > 16) return undefined;
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined;
  return { version, program: Uint8Array.from(program) };
}
