// Korean particles that change with the word before them (이/가, 을/를, 은/는, 과/와, 으로/로:
// the form after a consonant first), chosen from that word's last sound instead of the
// fallback "이(가)". A dozen lines of our own rather than a dependency: we need only the final
// consonant of a syllable, a digit or a letter.
//
// Names podwhy writes are mostly Latin (images, containers): a word ending in a digit is read as
// the digit (1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영 end in a consonant); one ending in a letter as
// Korean readers usually say such words: l as ㄹ (mysql), m, n, ng, p and b with a consonant
// (slim, alpine, main, app, web), any other letter without one (nginx, docker, api, latest).
// It is a reading, not a rule of English, and can miss ("db" is said 디비); closing quotes,
// brackets and spaces are looked through.

export type ParticlePair = '이/가' | '을/를' | '은/는' | '과/와' | '으로/로';

/** The final consonant of the word's last sound: none, ㄹ, or another one. */
export function finalSound(word: string): 'none' | 'rieul' | 'consonant' {
  const s = word.replace(/[\s"'”’)\]}>]+$/u, '');
  const ch = s[s.length - 1] ?? '';
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const jong = (code - 0xac00) % 28;
    return jong === 0 ? 'none' : jong === 8 ? 'rieul' : 'consonant';
  }
  if (/[0-9]/.test(ch)) return '178'.includes(ch) ? 'rieul' : '036'.includes(ch) ? 'consonant' : 'none';
  const c = ch.toLowerCase();
  if (c === 'l') return 'rieul';
  if (c === 'm' || c === 'n' || c === 'p' || c === 'b' || /ng$/i.test(s)) return 'consonant';
  return 'none';
}

/** The particle of `pair` that follows `word`: particle('nginx:1.25', '이/가') → '가'. */
export function particle(word: string, pair: ParticlePair): string {
  const sound = finalSound(word);
  const [withConsonant, withVowel] = pair.split('/') as [string, string];
  // (으)로: ㄹ takes 로 like a vowel
  if (pair === '으로/로') return sound === 'consonant' ? withConsonant : withVowel;
  return sound === 'none' ? withVowel : withConsonant;
}

/** The word followed by its particle: withParticle('app', '을/를') → 'app을'. */
export function withParticle(word: string, pair: ParticlePair): string {
  return `${word}${particle(word, pair)}`;
}
