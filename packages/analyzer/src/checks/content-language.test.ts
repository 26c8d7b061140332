import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { contentLanguage, MIN_TEXT_CHARS, SAMPLE_CHARS } from './content-language.ts';
import { primaryLanguage, sameLanguage } from './language-codes.ts';

const ENGLISH =
  'Our bakery opens at seven every morning. We bake sourdough bread, rye loaves and croissants from flour milled in the valley, and we let every dough rest overnight so the crust turns dark and the crumb stays open. On Saturdays the queue reaches the corner, so come early or order online the evening before and collect your bread at the side door. We also run a baking class once a month where you learn to feed a starter, shape a loaf and judge when it is ready for the oven.';
const GERMAN =
  'Unsere Bäckerei öffnet jeden Morgen um sieben Uhr. Wir backen Sauerteigbrot, Roggenbrot und Croissants aus Mehl, das im Tal gemahlen wird, und lassen jeden Teig über Nacht ruhen, damit die Kruste dunkel und die Krume locker wird. Am Samstag reicht die Schlange bis zur Ecke, also kommen Sie früh oder bestellen Sie am Vorabend online und holen Sie Ihr Brot an der Seitentür ab. Einmal im Monat bieten wir außerdem einen Backkurs an, in dem Sie lernen, einen Sauerteig zu füttern und ein Brot zu formen.';
const CROATIAN =
  'Naša pekara otvara se svako jutro u sedam sati. Pečemo kruh od kiselog tijesta, raženi kruh i kroasane od brašna samljevenog u dolini, a svako tijesto ostavljamo da odmara preko noći kako bi kora postala tamna, a sredina ostala prozračna. Subotom red seže do ugla, pa dođite rano ili naručite dan ranije putem interneta i preuzmite kruh na bočnim vratima. Jednom mjesečno održavamo i tečaj pečenja na kojem ćete naučiti hraniti kvasac i oblikovati kruh.';

const PORTUGUESE =
  'A nossa padaria abre todas as manhãs às sete horas. Fazemos pão de fermentação natural, pão de centeio e croissants com farinha moída no vale, e deixamos cada massa descansar durante a noite para que a crosta fique escura e o miolo aberto. Aos sábados a fila chega à esquina, por isso venha cedo ou encomende online na noite anterior e levante o seu pão na porta lateral. Uma vez por mês damos também uma aula de panificação.';

const page = (lang: string | null, text: string, head = '') =>
  makePage({
    html: `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head><title>Bakery</title>${head}</head><body><nav>Home Shop Contact</nav><main><p>${text}</p></main></body></html>`,
  });
const run = (lang: string | null, text: string, head = '') =>
  contentLanguage.run(page(lang, text, head));

describe('content-language check', () => {
  it('passes text in the declared language, region subtags and all', () => {
    expect(run('de-DE', GERMAN)).toMatchObject({
      severity: 'success',
      message: 'The text is in German, as declared',
      details: { declared: 'de-DE', detected: 'de' },
    });
    expect(run('en', ENGLISH).severity).toBe('success');
  });

  it('warns when the text is in another language than <html lang>, with the tag to use', () => {
    const outcome = run('de', ENGLISH);
    expect(outcome).toMatchObject({
      severity: 'warning',
      message: 'The text reads as English, but the page declares German',
      details: { declared: 'de', detected: 'en', fixSnippet: '<html lang="en">' },
    });
    expect(outcome.details?.declaredScore as number).toBeLessThan(0.97);
  });

  it("compares the page's own hreflang entry too, not the other alternates", () => {
    const head =
      '<link rel="alternate" hreflang="fr" href="https://example.com/page">' +
      '<link rel="alternate" hreflang="de" href="https://example.com/de/page">' +
      '<link rel="alternate" hreflang="x-default" href="https://example.com/page">';
    const outcome = run('en', ENGLISH, head);
    expect(outcome).toMatchObject({
      severity: 'warning',
      message: 'The text reads as English, but its hreflang says otherwise',
      details: { hreflang: ['fr'], wrongHreflang: ['fr'] },
    });
    expect(outcome.details).not.toHaveProperty('fixSnippet');
  });

  it('tells Portuguese from Spanish', () => {
    expect(run('es', PORTUGUESE)).toMatchObject({
      severity: 'warning',
      details: { detected: 'pt' },
    });
    expect(run('pt-BR', PORTUGUESE).severity).toBe('success');
  });

  it('takes look-alike languages as one (Croatian text declared Serbian or Bosnian)', () => {
    expect(run('sr', CROATIAN).severity).toBe('success');
    expect(run('bs', CROATIAN).severity).toBe('success');
  });

  it('does not judge little text, a missing or invalid lang, or a language it does not know', () => {
    expect(run('de', ENGLISH.slice(0, MIN_TEXT_CHARS - 100))).toMatchObject({
      outcome: 'not_applicable',
      message: 'Too little text to tell its language',
    });
    expect(run(null, ENGLISH)).toMatchObject({ outcome: 'not_applicable' });
    expect(run('en_US!', ENGLISH)).toMatchObject({ outcome: 'not_applicable' });
    expect(run('da', ENGLISH)).toMatchObject({
      outcome: 'not_applicable',
      message: 'Danish is not a language the detector knows',
    });
  });

  it('samples from a third of the way in, so a long menu does not decide', () => {
    const text = `${'Home Shop Contact Login '.repeat(5)}${GERMAN.repeat(4)}`;
    const sample = page('de', text).serverText.excerpt(SAMPLE_CHARS);
    expect(sample).toHaveLength(SAMPLE_CHARS);
    expect(sample).not.toContain('Login');
    expect(run('de', text).severity).toBe('success');
  });

  it('reads language tags by their primary subtag', () => {
    expect(primaryLanguage(' EN-gb ')).toBe('en');
    expect(primaryLanguage('fil')).toBe('tl');
    expect(sameLanguage('id', 'ms')).toBe(true);
    expect(sameLanguage('de', 'nl')).toBe(false);
  });
});
