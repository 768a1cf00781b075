/** The file name of a key ejection's evidence pack, as the download names it (no zod: the client page loads this). */
export const evidenceFileName = (requestId: string) => `eject-evidence-${requestId}.json`;
