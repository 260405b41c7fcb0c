// pdfmake 0.3 ships no types: the little of its server API that billing's documents use (billing/pdf.ts).
declare module 'pdfmake' {
  type Fonts = Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>;
  const pdfmake: {
    setFonts(fonts: Fonts): void;
    setUrlAccessPolicy(allowed: (url: string) => boolean): void;
    setLocalAccessPolicy(allowed: (path: string) => boolean): void;
    createPdf(doc: object): { getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
