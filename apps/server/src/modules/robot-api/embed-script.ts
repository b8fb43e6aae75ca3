/**
 * /embed.js (issue 25): `<script src="https://学伴/embed.js" data-key="xb-embed-…" async></script>`
 * on any page whose origin the robot's embed key allows. It asks the server for a ticket (the
 * page's Origin decides), then adds a chat bubble opening the robot's chat in a frame. A refused
 * origin or key gets no bubble, and a warning in the console says why.
 */
export const EMBED_SCRIPT = `(function () {
  var me = document.currentScript;
  if (!me) return;
  var key = me.getAttribute('data-key');
  var base = new URL(me.src).origin;
  var title = me.getAttribute('data-title') || '在线咨询';
  if (!key) { console.warn('[学伴 AI] embed.js 缺少 data-key'); return; }
  fetch(base + '/v1/embed/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: key }) })
    .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
    .then(function (r) {
      if (!r.ok) { console.warn('[学伴 AI] ' + ((r.body && r.body.error && r.body.error.message) || '嵌入被拒绝')); return; }
      mount(r.body.chat_url);
    })
    .catch(function (e) { console.warn('[学伴 AI] 无法连接服务器', e); });

  function mount(url) {
    var bubble = document.createElement('button');
    bubble.type = 'button';
    bubble.setAttribute('data-xueban-bubble', '');
    bubble.setAttribute('aria-label', title);
    bubble.title = title;
    // A drawn icon: an emoji depends on the visitor's fonts.
    bubble.innerHTML = '<svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
      '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/><path d="M8.5 12h.01M12 12h.01M15.5 12h.01"/></svg>';
    bubble.style.cssText = 'position:fixed;right:24px;bottom:24px;width:56px;height:56px;border-radius:50%;border:none;' +
      'background:#1677ff;color:#fff;display:flex;align-items:center;justify-content:center;padding:0;cursor:pointer;box-shadow:0 6px 16px rgba(0,0,0,.2);z-index:2147483646';
    var panel = null;
    bubble.addEventListener('click', function () {
      if (!panel) {
        panel = document.createElement('iframe');
        panel.src = url;
        panel.title = title;
        panel.setAttribute('data-xueban-chat', '');
        panel.allow = 'clipboard-write';
        panel.style.cssText = 'position:fixed;right:24px;bottom:92px;width:380px;height:600px;max-width:calc(100vw - 48px);' +
          'max-height:calc(100vh - 120px);border:1px solid #e5e6eb;border-radius:12px;background:#fff;' +
          'box-shadow:0 12px 32px rgba(0,0,0,.18);z-index:2147483647';
        document.body.appendChild(panel);
      } else {
        panel.style.display = panel.style.display === 'none' ? '' : 'none';
      }
    });
    document.body.appendChild(bubble);
  }
})();
`;
