import qrcode from 'qrcode-generator';

/** A QR code of a link, as an SVG image that scales to any size (error correction M: 15 % may be damaged). */
export function qrCodeSvg(link: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(link);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
}
