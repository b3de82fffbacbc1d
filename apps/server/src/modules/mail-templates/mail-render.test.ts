import { describe, expect, it } from 'vitest';
import { checkTemplateSyntax, MailTemplateError, pickContent, renderMail } from './mail-render';

const render = (body: string, variables: Record<string, unknown> = {}, subject = 'Hi') =>
  renderMail({ subject, body }, variables);

describe('renderMail', () => {
  it('fills variables, escapes their HTML and adds a plain-text part', async () => {
    const out = await render('<p>Hello <b>{{ name }}</b></p>', { name: '<script>x</script>Ann' }, 'Hi {{ name }} & co');
    expect(out.html).toBe('<p>Hello <b>&lt;script&gt;x&lt;/script&gt;Ann</b></p>');
    expect(out.text).toBe('Hello <script>x</script>Ann');
    expect(out.subject).toBe('Hi <script>x</script>Ann & co');
  });

  it('removes scripts, event handlers and javascript: links written into the template itself', async () => {
    const out = await render('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">l</a>');
    expect(out.html).toBe('<p>a</p><a>l</a>');
  });

  it('does not evaluate expressions: {{ 7 * 7 }} is refused, other template syntaxes stay text', async () => {
    await expect(render('{{ 7 * 7 }}')).rejects.toBeInstanceOf(MailTemplateError);
    await expect(render('{{ x.constructor.constructor("return process")() }}', { x: 'a' })).rejects.toBeInstanceOf(
      MailTemplateError,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is what is tested
    const out = await render('<p>${7*7} #{7*7} <%= 7*7 %></p>');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is what is tested
    expect(out.html).toBe('<p>${7*7} #{7*7} &lt;%= 7*7 %&gt;</p>');
    expect(out.text).not.toContain('49');
  });

  it.each([
    "{% include '.env' %}",
    "{% render 'package.json' %}",
    "{% layout 'package.json' %}",
    "{% include '/etc/passwd' %}",
  ])('cannot read files: %s fails cleanly', async (body) => {
    await expect(render(body)).rejects.toBeInstanceOf(MailTemplateError);
  });

  it('cannot reach constructors or the prototype chain', async () => {
    const out = await render(
      '{{ x.constructor.constructor }}|{{ x.constructor }}|{{ __proto__ }}|{{ x.__proto__ }}|{{ "a".constructor }}|{{ x.toString }}',
      { x: 'text', __proto__: 'polluted', constructor: 'c' },
    );
    expect(out.html).toBe('|||||');
  });

  it('does not let a __proto__ variable pollute objects', async () => {
    const variables = JSON.parse('{"__proto__": {"polluted": "yes"}, "name": "Ann"}');
    const out = await render('{{ name }}{{ polluted }}', variables);
    expect(out.html).toBe('Ann');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses unknown filters and stops runaway loops', async () => {
    await expect(render('{{ x | evil }}')).rejects.toBeInstanceOf(MailTemplateError);
    await expect(
      render('{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}'),
    ).rejects.toBeInstanceOf(MailTemplateError);
  });
});

describe('checkTemplateSyntax and pickContent', () => {
  it('names the part that does not parse', () => {
    expect(checkTemplateSyntax({ subject: 'ok', body: '{% if %}' })).toEqual({ body: expect.any(String) });
  });
  it('falls back to English', () => {
    const contents = { en: 'E', de: 'D' };
    expect(pickContent(contents, 'de')).toEqual({ language: 'de', content: 'D' });
    expect(pickContent(contents, 'fr')).toEqual({ language: 'en', content: 'E' });
  });
});
