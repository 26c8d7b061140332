/** Command-line arguments of `crawlwise <url>`. */
export interface CliArgs {
  url: string | null;
  json: boolean;
  render: boolean;
  allowPrivate: boolean;
  help: boolean;
  unknown: string[];
}

export const USAGE = `Usage: crawlwise <url> [--json] [--no-render] [--allow-private]

Analyses a web page the way a search crawler sees it and prints its SEO score and findings.

  --json           print exactly one JSON document on stdout
  --no-render      skip the headless-browser render (the js-rendering check is skipped)
  --allow-private  allow private and loopback addresses on any port (local testing only)
  -h, --help       show this help

Exit codes: 0 analysed, 2 the page cannot be analysed, 1 internal fault.`;

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    url: null,
    json: false,
    render: true,
    allowPrivate: false,
    help: false,
    unknown: [],
  };
  for (const arg of argv) {
    if (arg === '--json') args.json = true;
    else if (arg === '--no-render') args.render = false;
    else if (arg === '--allow-private') args.allowPrivate = true;
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg.startsWith('-')) args.unknown.push(arg);
    else if (args.url === null) args.url = arg;
    else args.unknown.push(arg);
  }
  return args;
}
