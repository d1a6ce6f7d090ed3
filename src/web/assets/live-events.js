// Live updates for the SDK's web pages: the server says what changed over
// server-sent events, and each view that shows it fetches itself again
// (htmx listens for the events this script triggers). The page names its
// stream in <body data-events="..." data-channel="..." data-event-kinds="...">.
// No inline script anywhere: the pages' CSP allows only their own files.
/* global htmx */
(function () {
  'use strict';
  var body = document.body;
  var url = body.getAttribute('data-events');
  if (!url || typeof EventSource !== 'function' || typeof htmx === 'undefined') return;
  var name = body.getAttribute('data-channel') || 'cdms-live';
  var KINDS = (body.getAttribute('data-event-kinds') || 'messages').split(/\s+/).filter(Boolean);

  /** The ids of the messages a change names (none when it names none). */
  function idsOf(data) {
    try {
      return JSON.parse(data).ids || [];
    } catch {
      return [];
    }
  }

  /** A change: every view of that kind refreshes; a message's own view only for its id. */
  function onChange(kind, data) {
    htmx.trigger(body, 'cdms:' + kind);
    if (kind !== 'messages') return;
    idsOf(data).forEach(function (id) { htmx.trigger(body, 'cdms:message-' + id); });
  }

  /** Every live view fetches itself again (changes may have gone unheard). */
  function resync() {
    KINDS.forEach(function (kind) { htmx.trigger(body, 'cdms:' + kind); });
    htmx.trigger(body, 'cdms:resync');
  }

  function setLive(state) {
    document.documentElement.setAttribute('data-live', state);
  }

  function openStream(deliver, onState) {
    var source = new EventSource(url);
    KINDS.forEach(function (kind) {
      source.addEventListener(kind, function (evt) { deliver(kind, evt.data); });
    });
    source.addEventListener('open', function () { onState('connected'); });
    source.addEventListener('error', function () { onState('reconnecting'); });
    return source;
  }

  // One event stream per browser, not per tab: a browser opens at most six
  // connections to one host, and every tab holding its own stream left none
  // for a seventh page or for the actions of the others. The tab holding a
  // Web Lock keeps the stream and passes each change to the other tabs over a
  // BroadcastChannel; when it closes, the lock passes to another tab.
  if (navigator.locks && typeof BroadcastChannel === 'function') {
    var channel = new BroadcastChannel(name);
    var leading = false;
    var streamState = 'reconnecting';
    channel.addEventListener('message', function (evt) {
      var m = evt.data || {};
      if (m.type === 'change') onChange(m.kind, m.data);
      else if (m.type === 'state') setLive(m.state);
      else if (m.type === 'resync') resync();
      else if (m.type === 'hello' && leading) channel.postMessage({ type: 'state', state: streamState });
    });
    channel.postMessage({ type: 'hello' });
    var lead = function (tookOver) {
      leading = true;
      var opened = false;
      openStream(
        function (kind, data) {
          onChange(kind, data);
          channel.postMessage({ type: 'change', kind: kind, data: data });
        },
        function (state) {
          streamState = state;
          setLive(state);
          channel.postMessage({ type: 'state', state: state });
          // A new stream hears only of later changes: after a takeover or a reconnect, every view reads again.
          if (state === 'connected' && (opened || tookOver)) {
            resync();
            channel.postMessage({ type: 'resync' });
          }
          if (state === 'connected') opened = true;
        }
      );
      // Held until the page goes: the browser then releases the lock and closes the stream.
      return new Promise(function () {});
    };
    navigator.locks.request(name, { ifAvailable: true }, function (lock) {
      if (lock) return lead(false);
      navigator.locks.request(name, function () { return lead(true); });
      return undefined;
    });
  } else {
    openStream(onChange, setLive);
  }
})();
