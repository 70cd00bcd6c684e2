// Strings from a cluster or a file may carry terminal control sequences (ANSI/OSC escapes, BEL,
// backspace, carriage return, Unicode bidi overrides). They are removed before text output so
// only podwhy's own colours reach the terminal.

// ESC-introduced sequences: CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), other two-byte escapes.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]?/g;
// C0 controls except tab and newline, DEL, C1 controls (incl. the 8-bit CSI \u009b), bidi controls.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function stripControls(s: string): string {
  return s.replace(ESCAPES, '').replace(CONTROLS, '');
}

/** Also fold newlines and tabs: for one-line fields. */
export function oneLine(s: string): string {
  return stripControls(s).replace(/[\t\n]+/g, ' ');
}
