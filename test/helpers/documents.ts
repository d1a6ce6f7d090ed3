// Real documents for tests that render them (the sandbox console's previews
// in a browser): a PDF the browser's viewer opens, and a JPEG it decodes.

/** Escapes text for a PDF string literal. */
const pdfText = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF (A4, Helvetica) with these lines, with a correct
 * cross-reference table so any viewer opens it.
 */
export function makePdf(lines: readonly string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${770 - i * 22} Td (${pdfText(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(out);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 240 x 160 JPEG (a drawn stand-in for a clinical photo), base64. */
export const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCACgAPADASIAAhEBAxEB/8QAGwABAQEBAAMBAAAAAAAAAAAAAQAGBQIDBAf/xAA+EAABAwICBgcFBgQHAAAAAAAAAQIDBBEFEgYhJmShwRMUMUFGR4QyUWFxkSIzQoGD0RUWUmIjJERjcpPw/8QAGQEBAQEBAQEAAAAAAAAAAAAAAAEEAwIF/8QAKREAAgECBgEDBAMAAAAAAAAAAAECFJEDBBFCYnIhEjHhMkFDYxMiUf/aAAwDAQACEQMRAD8A/RiIDKaSAgAIBAFI8RAAgIiACIAUgIACAgICAQBSAiAABAgICAFICAAgIiAgIAU64CB0ORlsWxbG/wCZFwvC1h+6R6JI1Pdr1htrufAvMf0vI1B9DExFhKCUE9Un5Rhw8N4jk3J+7XhmX213PgG2u58DUnicqrhGx1pucrmX203PgW2m58DUAKrhGwpucrmY203PgG2e58DTkSq4RsWm5yuZjbPc+AbZbnwNOAquEbCm5yuZnbLdOAbY7pwNMAquEbCm5yuZnbHdOBbYbpwNKBKrhGwpucrma2w3TgW2G6cDSgKrhGxabnK5m9sN04BtfunA0gCq4RsKbnK5nNr904BtdunA0gCq4RsKbnK5nNrt04BtbuvA0YCq4RsKbnK5nNrd14FtbuvA0QEquEbFpecrmd2s3XgWHYli38dTD8QWL7tXqjE+ms0RnfHXp+R2wsWOLGacEtE34RyxMN4Tg1NvVpeWaECA+afQOuAgdDkZbzH9LyNQZfzH9LyNOa81s6ozZbf2ZARGQ1ARAQEBACkBEAACBCkBAAREABAQEKQEABAIAARAQpGd8den5GiM7469PyNmV39WZMzs7I0BEBjNZ1wEDoczLeY3puRpzMeY3puRpzXmtnVGXLb+zICIxmoCIAUgI9NVVRUdO6eZ2VjU+vwBUtfCPaeEkscaXke1if3LYyFfpHWVSq2F3V4+7L7S/Nf2OS97pHZnuVyr3qt1OTxF9jZDKSf1PQ3y4hRItlq4EX4yIeTaqnkWzJ43fJ6KfnxHn+Q6Ua/0/RgPz6Opnht0U0jLf0uVDoQaRYhDZHPbKnue3mh6WIjnLKSXszYAcal0mpZbNqGOhd7/AGmnWjljmYj4nte1exWrdD0mn7GaWHKH1I8wICnkgIACAiICAgBSM9459PyNAZ7xz6fkbMrv6syZnZ2RoCIDGazrgJ4nQ5mY8xvTcjTmX8xfTcjTmvNbOqMuW39mQERjNYAIAAZrS6V16aG/2ftOX4r2f++ZpTjaSULqugSWNLvgVXW97e/9/wAjxP2O2A0sRNmPIiM59giIgCIiAI91NV1FI/PBK5i99l1L80PSQI0n4ZqcO0hiqVbFVIkUi6kd+Ff2Oufn52sGxp0Lm01U+8S6mPX8Pz+B0jP7MxY2W0/tA0wFcDqYSAQIUgIACM9449PyNAZ/xx6fkbMr+TqzLmtnZHfAQMZrOuBEdDkZfzF9NyNOZjzF9NyNMas1s6oy5bf2ZAQGQ1kBEAAKIEKZXHMDdC91VSMvEut7E/B8U+Bwj9GOJiejkNSrpaVUilXWrfwu/Y5Sh90bsHM6f1mZQj3VNJUUkmSeJ0a9101L8l7z0nI3Jp+UREQKREQBERAGqwCtWpoliet3w2bf3p3HUOBoxG7/ADEv4Vs1Pius7x3j7HycdJYjSIBApyAiAAjPeOPT8jQGf8b+n5GvKfk6sy5rZ2R3wEDGazrgRHQ5GX8xPTcjTmY8xPTcjTGvNbOqM2W39mQEBkNRAQEBAIApARAHhLFHMxWSsa9q9qOS6HHqtGaWW7qd7oXe72mnaA8tJ+57hOUPpZj59HsQhurWNlT3sdyU+CSmqIfvYJGf8mqhvgPDw0aY5uS90fnxG8fTQP1vgjd82op6+oUV79Ug/wCtCfxnSrX+GIaxz3ZWNVy+5EudOjwCqqFR0ydBH/d7S/l+5qGRxxpaNjWJ7mpY8iqC+54lmpP6Voeqnp4qWBsMTcrW8T2EB7MjevlkBEABEABGf8b/AKHI75n/ABt+hyNeU/J1ZlzWzsjvgRGM1nXAiOhzMx5iem5GlMz5h+m5GmNea2dUZctv7MCIDGaiAgBSAQAICAgIBAFABAAgIACAQIUgIACAiAABAFIz/jb9Dkd84Hjb9Dka8p+TqzJmtnZHeAiMZrOuBAdDmZnzD9NyNKZrFMLxn+YVxLDUh+7RiLI766j466r0wgkp6dHUrZaqRY41REWyo1XKv0ap9DFw1ixhJSXhJe5gwsR4cpJxflv7GwAxNf8AzpSYTWST1cL42wPc56ZWvZZF1tVqIev+KaUQVUkTUhfI+aOFUc+6ZnMzJa+pEsmuxwpuaud6ji7G6Aw78U0nfVxwv6BksdX0Fmvsmfolfrt2plXv7/ke2lxPS+rpoqmOnp1gmjWRj7t7LXS/uuKbnG/wSo4O3ybIj8/qcf0hnpqyBtTR546R8z1p5mudG1NS62+y5LodGsrtK6ChbUvbTPbmYxES11VzkanFUFNzjf4LUcHY1wGFxDE9KmSLTSdCyaKWB2WJ3t532al9WpVRUVD2vxjSmOZ9O+Om6dsrIkYiot1cl01+6yL9CU3NX+BUcHb5NoBi5cX0rZUdXy0rZmzsicl0tdyXTXbs1L9BdjGk6QvqMlN1eOfoHSavaz5FW3uzahTc1f4LUcHb5NkBksRm0qa2Gmc+BjquTomrGtnJqVy2Xu1NXWfLJjeklLHM+ofRsYyp6uiveiJmsi61XutruHlvOnrjclR419DsbYjDt0kx17XKyahcjJmxK9sjXRorkVUXOmq2q3z1H0OrtLHVFNBlpU6xntZ6KioidqKnzDy2m9X+CrMcHb5NeBk8Pm0pfHLA18D3Usiwuc9UVV1IqXXv1OTWfXtXuvAtLzjclTwlY0BGe2r3XgW1W68BS/sjctVwlY0AGf2q3XgW1O68CUn7I3FVwlY74HA2p3XgW1O7cBS/sjcVXCVjvHA8a/oci2o3bgWH4fin8bSvr0i+7VqqxfpqO2FhRwozbnF6xa8M5YmI8VwSg1o0/KO8AgfNPonXAgOhyI+LEsPbiEDGpK6GaF6SQytS6sel0vZe1LKqKnein2AAcebB66spKmGuxVZFmp3wNSKHo2NzJbMrcyq5fzF2B5q3rPWf9RHPlyf0R5LXv39tzrgNWNEcpcERcQWrWo7azrWTJ/s9Flvf87/l8T0NwCfqLsOdiTupJA+GKNkeVyNclkzOuuayLq1Idsh6mNEcCfR6qqmOSbEYszqOSkVGU2VqMciWVEzalRURe1b9mo+jSCmmmwZsECPWTp4LKxt1S0rLut8ES/5HWAepj0o4zsDmnnfU1VYx875YH3ZDlajYnZkaiK5e1VXXfvPOpwVZ6qaqZU5JXyxSxLkujHMRU169aKir7jqgTVl0RyJMElkR0zqtnXHTsn6TofsIrUsiZc17Wv8AivrJcEeueDrSdSfUdYWHovt5s2dUzX9nNrta/wATrAPUx6Uc/GIZHR01VEx0j6Ods2RqXVzbK1yIneuVyrb4HokwV73TPZVZM9Q2qh/wtcclkRb69aKidlk7V1nWIajQ57qPEHQKjsRYsyvzLenTostrZct727/avf6HzQYG6kdBNHUsR8M0krkSH7Co/wBprWov2ezVrXX7zsANWNEc/B4ZGQz1MzHRvq53TZHJZWpZGtRfjlah95ERs9JaARAQEBACkBEQARACkBAAf//Z';

/** The JPEG's size in pixels. */
export const JPEG_SIZE = { width: 240, height: 160 } as const;
