/** Where a command's lines go: the console, or a test's record of them. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const consoleOutput: Output = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};
