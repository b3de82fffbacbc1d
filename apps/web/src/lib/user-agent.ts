/**
 * "Firefox 147 on Windows" from a browser's User-Agent header, for the sessions list: the browser and its major
 * version, and the system. Order matters, as every browser names the others it resembles (Edge and Opera say
 * Chrome; Chrome says Safari). Null when it names neither (a script, an API client): the caller shows the raw
 * string then.
 */
export function describeUserAgent(userAgent: string): { browser: string | null; system: string | null } {
  const browsers: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/FxiOS\/(\d+)/, 'Firefox'],
    [/CriOS\/(\d+)/, 'Chrome'],
    [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  let browser: string | null = null;
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
