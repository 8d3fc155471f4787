// Check digits of Russian identifiers and bank numbers. Each takes the digits alone and says
// whether the last digit(s) agree with the rest; a wrong length is simply not valid.

const digits = (s: string) => Array.from(s, Number);

const weighted = (ds: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * ds[i], 0);

/** СНИЛС: 9 digits weighted 9…1, the sum mod 101 (100 and 101 read as 00) is the last two. */
export function snilsValid(s: string): boolean {
  if (!/^\d{11}$/.test(s)) return false;
  const ds = digits(s);
  const sum = weighted(ds, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
  const check = (sum % 101) % 100;
  return check === Number(s.slice(9));
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const innDigit = (ds: number[], weights: number[]) => (weighted(ds, weights) % 11) % 10;

/** ИНН of a company (10 digits, one check digit) or of a person (12 digits, two). */
export function innValid(s: string): boolean {
  const ds = digits(s);
  if (/^\d{10}$/.test(s)) return innDigit(ds, INN10) === ds[9];
  if (/^\d{12}$/.test(s)) return innDigit(ds, INN11) === ds[10] && innDigit(ds, INN12) === ds[11];
  return false;
}

/**
 * ОГРН (13 digits, the first 12 mod 11) or ОГРНИП (15 digits, the first 14 mod 13); the last digit of the remainder.
 */
export function ogrnValid(s: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(s)) return false;
  const modulus = s.length === 13 ? 11n : 13n;
  return Number((BigInt(s.slice(0, -1)) % modulus) % 10n) === Number(s.at(-1));
}

/** Luhn, the check digit of payment card numbers. */
export function luhnValid(s: string): boolean {
  if (!/^\d+$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = Number(s[s.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The Bank of Russia's control key of a 20-digit account with the bank's БИК: the account after
 * the БИК's last three digits (an account in a bank) or, for a correspondent account (301…),
 * after "0" and its 5th–6th digits (an account in a settlement centre), weighted 7 1 3…, sums to a multiple of 10.
 */
export function accountKeyValid(account: string, bik: string): boolean {
  if (!/^\d{20}$/.test(account) || !/^\d{9}$/.test(bik)) return false;
  const keyed = (prefix: string) => {
    const ds = digits(prefix + account);
    return ds.reduce((sum, d, i) => sum + ((d * [7, 1, 3][i % 3]) % 10), 0) % 10 === 0;
  };
  return keyed(bik.slice(-3)) || (account.startsWith("301") && keyed(`0${bik.slice(4, 6)}`));
}
