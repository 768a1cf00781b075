/** Stellar StrKey account ids ("G…"): base32 of version byte + ed25519 key + CRC16-XModem. */

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const ACCOUNT_VERSION = 6 << 3;

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(acc >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32[(acc << (5 - bits)) & 31];
  return out;
}

export function stellarAccountId(publicKey: Uint8Array): string {
  const payload = new Uint8Array(33);
  payload[0] = ACCOUNT_VERSION;
  payload.set(publicKey, 1);
  const crc = crc16xmodem(payload);
  const full = new Uint8Array(35);
  full.set(payload);
  full[33] = crc & 0xff;
  full[34] = crc >> 8;
  return base32(full);
}

export function isStellarAccountId(text: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(text)) return false;
  let acc = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const ch of text) {
    acc = (acc << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  const raw = Uint8Array.from(bytes.slice(0, 35));
  const crc = crc16xmodem(raw.subarray(0, 33));
  return raw[0] === ACCOUNT_VERSION && raw[33] === (crc & 0xff) && raw[34] === crc >> 8;
}
