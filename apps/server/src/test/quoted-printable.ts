/** A mail body's parts as written: quoted-printable soft line breaks joined, escaped bytes restored. */
export const quotedPrintableDecoded = (body: string) =>
  body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
