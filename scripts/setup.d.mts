// Types of what the browser journeys use of setup.mjs (the rest is for npm start and npm test).
export const root: string;
export function e2ePaths(): {
  data: string;
  consoleData: string;
  sandboxData: string;
  capture: string;
  responses: string;
  consoleLog: string;
  secretsLog: string;
  notifySecrets: string;
  canaries: string;
  auth: string;
  instances: string;
  testResults: string;
};
