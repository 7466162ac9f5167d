// networkC's "little text" format gives these characters a meaning; a post's text must have each
// escaped with a backslash, or the network silently cuts or mangles the text from that point.
const RESERVED = /[|{}@[\]()<>#\\*_~]/g;

export function escapeLittleText(text: string): string {
  return text.replace(RESERVED, (ch) => `\\${ch}`);
}
