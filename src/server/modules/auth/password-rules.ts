import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * Passwords people actually use, most common first: zxcvbn-ts's frequency-ranked list of 49,233 passwords
 * from public breach corpora (@zxcvbn-ts/language-common, MIT). Its first 10,000 are the 10,000 most common;
 * the rest are as guessable, so all of them are refused. Compared case-insensitively: 'PassWord' is no
 * better than 'password'. Built on first use (about 10 ms).
 */
let commonPasswords: Set<string> | undefined
function isCommon(lowered: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()))
  return commonPasswords.has(lowered)
}

/**
 * Why a new password would be easy to guess, as the sign-up form shows it; undefined when it is fine.
 * Length limits are the contract's (registerBodySchema); these are the rules that need the list or the
 * e-mail: a breached or common password, one character repeated, the e-mail or its local part (also with
 * only digits or symbols added, as in 'ada.lovelace1!').
 */
export function weakPasswordReason(password: string, email: string): string | undefined {
  const lowered = password.toLowerCase()
  if (/^(.)\1*$/su.test(password)) return 'That password is one character repeated. Choose a longer mix.'
  if (lowered.includes(email) || isLocalPartWithExtras(lowered, email.split('@')[0] ?? '')) {
    return 'That password is your e-mail address or part of it. Choose something others cannot guess.'
  }
  if (isCommon(lowered)) {
    return 'That password is one of the most common passwords, which attackers try first. Choose a less common one, e.g. a few unrelated words.'
  }
  return undefined
}

/** 'ada.lovelace', 'Ada.Lovelace2024!': the local part with nothing added but digits or symbols. */
function isLocalPartWithExtras(lowered: string, localPart: string): boolean {
  if (lowered === localPart) return true
  // A one- or two-letter local part is in many passwords by chance.
  return (
    localPart.length >= 3 && lowered.includes(localPart) && !/\p{L}/u.test(lowered.replace(localPart, ''))
  )
}
