/**
 * Client-side code for the script-rendered pages: a tiny runtime (the same PRNG and vocabulary
 * as the server generator, an escaper, a renderer for a JSON page model) inlined into app shells
 * or served as /static/app-<id>.js. Written as ES5-ish strings: it runs in Chromium, not here.
 */
import type { Rng } from './prng.ts';
import { paragraph, sentence, slug, title, WORDS, words } from './text.ts';

export const CLIENT_RUNTIME = `
function mkRng(seed){var s=seed>>>0;return function(){s=(s+0x6d2b79f5)>>>0;var t=s;t=Math.imul(t^(t>>>15),t|1);t^=t+Math.imul(t^(t>>>7),t|61);return((t^(t>>>14))>>>0)/4294967296}}
var W=${JSON.stringify(WORDS.join(' '))}.split(' ');
function ws(r,n){var o=[];for(var i=0;i<n;i++)o.push(W[Math.floor(r()*W.length)]);return o.join(' ')}
function sent(r){var t=ws(r,6+Math.floor(r()*16));return t.charAt(0).toUpperCase()+t.slice(1)+'.'}
function esc(t){return String(t).replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;').replace(/"/g,'&quot;')}
function renderApp(data,root){
  var h=['<header class="app-bar"><a href="/">Bench App</a><nav><ul>'];
  (data.nav||[]).forEach(function(n){h.push('<li><a href="'+esc(n.href)+'">'+esc(n.text)+'</a></li>')});
  h.push('</ul></nav></header><main><h1>'+esc(data.title)+'</h1>');
  data.sections.forEach(function(s){
    h.push('<section><h2>'+esc(s.heading)+'</h2>');
    s.paragraphs.forEach(function(p){h.push('<p>'+esc(p)+'</p>')});
    if(s.items){h.push('<ul>'+s.items.map(function(i){return '<li><a href="'+esc(i.href)+'">'+esc(i.text)+'</a></li>'}).join('')+'</ul>')}
    if(s.table){h.push('<table>'+s.table.map(function(row){return '<tr>'+row.map(function(c){return '<td>'+esc(c)+'</td>'}).join('')+'</tr>'}).join('')+'</table>')}
    if(s.image){h.push('<img src="'+esc(s.image.src)+'"'+(s.image.alt?' alt="'+esc(s.image.alt)+'"':'')+' width="640" height="360">')}
    h.push('</section>');
  });
  h.push('</main><footer><p>© 2024 Bench App</p></footer>');
  root.innerHTML=h.join('');
  if(data.title)document.title=data.title;
  if(data.description){var m=document.querySelector('meta[name=description]');if(!m){m=document.createElement('meta');m.setAttribute('name','description');document.head.appendChild(m)}m.setAttribute('content',data.description)}
}
`;

export interface AppSection {
  heading: string;
  paragraphs: string[];
  items?: Array<{ href: string; text: string }>;
  table?: string[][];
  image?: { src: string; alt: string | null };
}

export interface AppData {
  title: string;
  description: string | null;
  nav?: Array<{ href: string; text: string }>;
  sections: AppSection[];
}

export function appNav(rng: Rng): Array<{ href: string; text: string }> {
  const nav: Array<{ href: string; text: string }> = [];
  for (let i = 0, n = rng.int(4, 10); i < n; i++) {
    const text = title(rng, rng.int(1, 2));
    nav.push({ href: `/app/${slug(text)}`, text });
  }
  return nav;
}

/** A JSON page model of about `bytes` once serialised. */
export function appData(rng: Rng, bytes: number, withNav: boolean): AppData {
  const data: AppData = {
    title: title(rng),
    description: rng.chance(0.7) ? `${sentence(rng)} ${sentence(rng)}`.slice(0, 150) : null,
    sections: [],
  };
  if (withNav) data.nav = appNav(rng);
  let size = 200;
  while (size < bytes) {
    const s: AppSection = { heading: title(rng), paragraphs: [] };
    for (let i = 0, n = rng.int(1, 5); i < n; i++) s.paragraphs.push(paragraph(rng));
    if (rng.chance(0.3)) {
      s.items = [];
      for (let i = 0, n = rng.int(3, 10); i < n; i++) {
        const text = words(rng, rng.int(2, 5));
        s.items.push({ href: `/app/item/${slug(text)}-${i}`, text });
      }
    }
    if (rng.chance(0.15)) {
      s.table = [];
      for (let r = 0, rows = rng.int(3, 15); r < rows; r++) {
        s.table.push([title(rng, 1), String(rng.int(0, 9999)), words(rng, 2)]);
      }
    }
    if (rng.chance(0.3)) {
      s.image = {
        src: `/img/app-${rng.int(1, 999)}.jpg`,
        alt: rng.chance(0.6) ? words(rng, 4) : null,
      };
    }
    size += JSON.stringify(s).length;
    data.sections.push(s);
  }
  return data;
}

/** JSON inside a <script> element: '<' escaped so '</script>' in text cannot end it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Builds the page with DOM calls from a seed: a small shell, a big rendered page. */
export function inlineGeneratorScript(seed: number, sections: number): string {
  return `<script>
${CLIENT_RUNTIME}
(function(){
  var r=mkRng(${seed});var root=document.getElementById('root');
  var header=document.createElement('header');header.innerHTML='<nav><a href="/">Home</a> <a href="/app/about">About</a> <a href="/app/blog">Blog</a></nav>';
  var main=document.createElement('main');var h1=document.createElement('h1');h1.textContent=ws(r,5);main.appendChild(h1);
  for(var s=0;s<${sections};s++){
    var sec=document.createElement('section');var h2=document.createElement('h2');h2.textContent=ws(r,4);sec.appendChild(h2);
    var n=1+Math.floor(r()*4);
    for(var p=0;p<n;p++){var el=document.createElement('p');var t=[];for(var k=0,m=2+Math.floor(r()*5);k<m;k++)t.push(sent(r));el.textContent=t.join(' ');sec.appendChild(el)}
    if(r()<0.3){var ul=document.createElement('ul');for(var i=0;i<5;i++){var li=document.createElement('li');var a=document.createElement('a');a.href='/app/p/'+s+'-'+i;a.textContent=ws(r,3);li.appendChild(a);ul.appendChild(li)}sec.appendChild(ul)}
    if(r()<0.2){var im=document.createElement('img');im.src='/img/gen-'+s+'.jpg';if(r()<0.5)im.alt=ws(r,3);sec.appendChild(im)}
    main.appendChild(sec);
  }
  var footer=document.createElement('footer');footer.textContent='© 2024 Bench App';
  root.appendChild(header);root.appendChild(main);root.appendChild(footer);
  document.title=ws(r,6);
})();
</script>`;
}

/** Reads a Next.js-style JSON island and renders it once the document is parsed. */
export function dataIslandScript(data: AppData): string {
  return `<script id="__DATA__" type="application/json">${scriptJson(data)}</script>
<script>
${CLIENT_RUNTIME}
document.addEventListener('DOMContentLoaded',function(){renderApp(JSON.parse(document.getElementById('__DATA__').textContent),document.getElementById('root'))});
</script>`;
}

/** Fetches the page model from the same server after DOMContentLoaded. */
export function fetchScript(apiPath: string): string {
  return `<script>
${CLIENT_RUNTIME}
document.addEventListener('DOMContentLoaded',function(){
  var root=document.getElementById('root');root.innerHTML='<div class="spinner" role="status">Loading…</div>';
  fetch(${JSON.stringify(apiPath)}).then(function(r){if(!r.ok)throw new Error('HTTP '+r.status);return r.json()}).then(function(d){renderApp(d,root)}).catch(function(e){root.textContent='Could not load: '+e.message});
});
</script>`;
}

/** Navigation first, then the page, then a short "hydration" delay: a request waterfall. */
export function waterfallScript(navPath: string, apiPath: string): string {
  return `<script>
${CLIENT_RUNTIME}
document.addEventListener('DOMContentLoaded',function(){
  var root=document.getElementById('root');
  fetch(${JSON.stringify(navPath)}).then(function(r){return r.json()}).then(function(nav){
    return fetch(${JSON.stringify(apiPath)}).then(function(r){return r.json()}).then(function(d){d.nav=nav;return d});
  }).then(function(d){setTimeout(function(){renderApp(d,root)},30)}).catch(function(e){root.textContent='Could not load: '+e.message});
});
</script>`;
}

/** The body of /static/app-<id>.js: the runtime plus a fetch-and-render entry point. */
export function externalAppJs(apiPath: string): string {
  return `(function(){
${CLIENT_RUNTIME}
function start(){var root=document.getElementById('root');fetch(${JSON.stringify(apiPath)}).then(function(r){return r.json()}).then(function(d){renderApp(d,root)})}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start);else start();
})();
`;
}

/** Server-rendered page that appends related items and comments fetched after load. */
export function hybridScript(apiPath: string): string {
  return `<script>
document.addEventListener('DOMContentLoaded',function(){
  fetch(${JSON.stringify(apiPath)}).then(function(r){return r.json()}).then(function(d){
    var box=document.getElementById('related');var h=['<h2>'+d.heading+'</h2><ul>'];
    d.items.forEach(function(i){h.push('<li><a href="'+i.href+'">'+i.text+'</a><p>'+i.summary+'</p></li>')});
    h.push('</ul>');box.innerHTML=h.join('');
  });
});
</script>`;
}

/** A beacon the way analytics libraries send one; the server answers it slowly. */
export function trackerScript(rng: Rng): string {
  return `<script>window.addEventListener('load',function(){fetch('/collect?id=${rng.int(1, 1e6)}&t='+Date.now(),{method:'POST',body:'{}',keepalive:true}).catch(function(){})});</script>`;
}
