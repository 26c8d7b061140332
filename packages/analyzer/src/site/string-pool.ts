/**
 * One copy of each distinct string. A crawl's link graph names the same few thousand addresses
 * and anchor texts hundreds of thousands of times, and each arrives as a string of its own (a row
 * of the database, a message from the analysis thread): keeping only the first copy of each is
 * some 20 MB less at 10,000 pages, where the graph is held whole (the CLI's crawl, a report build).
 */
export type StringPool = (value: string) => string;

export function createStringPool(): StringPool {
  const strings = new Map<string, string>();
  return (value) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
}
