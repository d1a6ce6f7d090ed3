// The sandbox console in the browser: every action is a JSON request to the
// sandbox's control API (the same endpoints curl and the CLI use); every
// view refreshes itself when the sandbox reports a change over server-sent
// events (live-events.js). No inline script anywhere: the pages' CSP allows only this file
// and htmx. Text from the server is only ever set with textContent.
/* global htmx */
(function () {
  'use strict';

  /** Sets `obj[a][b]...` for a dotted name such as `patient.nhs_number`. */
  function setPath(obj, name, value) {
    var keys = name.split('.');
    var last = keys.pop();
    var target = obj;
    keys.forEach(function (key) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key];
    });
    target[last] = value;
  }

  /** Drops nested objects left empty (an optional section of a form not filled in). */
  function pruneEmpty(obj) {
    Object.keys(obj).forEach(function (key) {
      var value = obj[key];
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        pruneEmpty(value);
        if (Object.keys(value).length === 0) delete obj[key];
      }
    });
    return obj;
  }

  /** A form's fields as typed JSON: numbers, booleans, arrays (data-json-array), nested names. */
  function readForm(form) {
    var body = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.disabled) return;
      if (field.type === 'checkbox' && field.hasAttribute('data-json-array')) {
        var list = body[field.name] || (body[field.name] = []);
        if (field.checked) list.push(field.value);
      } else if (field.type === 'checkbox') {
        setPath(body, field.name, field.checked);
      } else if (field.value.trim() === '') {
        return;
      } else if (field.type === 'number' || field.hasAttribute('data-json-number')) {
        setPath(body, field.name, Number(field.value));
      } else {
        setPath(body, field.name, field.value.trim());
      }
    });
    // An empty list means "none chosen", not "none": leave it out.
    Object.keys(body).forEach(function (key) {
      if (Array.isArray(body[key]) && body[key].length === 0) delete body[key];
    });
    return pruneEmpty(body);
  }

  htmx.defineExtension('cdms-json', {
    onEvent: function (name, evt) {
      if (name === 'htmx:configRequest' && evt.detail.verb !== 'get') evt.detail.headers['Content-Type'] = 'application/json';
    },
    encodeParameters: function (xhr, _parameters, elt) {
      xhr.overrideMimeType('text/json');
      var form = elt.tagName === 'FORM' ? elt : elt.form || elt.closest('form');
      var body = form ? readForm(form) : {};
      var extra = elt.getAttribute('data-json');
      if (extra) Object.assign(body, JSON.parse(extra));
      return JSON.stringify(body);
    },
  });

  function region(id) {
    return document.getElementById(id);
  }

  /** Shows an outcome in the page's live regions (alert for errors, status otherwise). */
  function announce(kind, text) {
    var alertBox = region('console-alert');
    var statusBox = region('console-status');
    if (!alertBox || !statusBox) return;
    alertBox.textContent = kind === 'error' ? text : '';
    alertBox.hidden = kind !== 'error';
    statusBox.textContent = kind === 'error' ? '' : text;
  }

  function parse(xhr) {
    try {
      return xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Shows an issued access code with a copy button (built with DOM calls, never markup). */
  function showAccessCode(code) {
    var box = region('access-code-result');
    if (!box) return;
    box.replaceChildren();
    var label = document.createElement('span');
    label.textContent = 'Access code: ';
    var value = document.createElement('output');
    value.id = 'access-code';
    value.textContent = code;
    var copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', 'Copy the access code');
    copy.addEventListener('click', function () {
      navigator.clipboard.writeText(code).then(
        function () { announce('status', 'Access code copied.'); },
        function () { announce('error', 'The browser refused the clipboard: select the code and copy it.'); }
      );
    });
    box.append(label, value, ' ', copy);
  }

  /** Opens a widget's launch URL as the toolbar would, and leaves a link in case a pop-up blocker stops it. */
  function openLaunchUrl(url) {
    var box = region('launch-result');
    if (box) {
      box.replaceChildren();
      var link = document.createElement('a');
      link.href = url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.id = 'launch-link';
      link.textContent = 'Open the launched widget again';
      box.append(link);
    }
    window.open(url, '_blank', 'noopener');
  }

  var RESULTS = {
    'access-code': function (body) { showAccessCode(body.accessCode); return 'Access code issued.'; },
    launch: function (body) { openLaunchUrl(body.launchUrl); return 'Widget launched in a new tab.'; },
    message: function (body) { return 'Done: the message is now ' + body.status + (body.subStatus ? ' (' + body.subStatus + ')' : '') + '.'; },
  };

  document.body.addEventListener('htmx:afterRequest', function (evt) {
    var detail = evt.detail;
    if (detail.requestConfig.verb === 'get') return;
    var xhr = detail.xhr;
    var body = parse(xhr);
    if (!detail.successful) {
      var problem = body || {};
      announce('error', (problem.title || 'HTTP ' + xhr.status) + (problem.detail ? ': ' + problem.detail : ''));
      return;
    }
    var kind = detail.elt.getAttribute('data-result');
    var handler = kind && RESULTS[kind];
    announce('status', handler && body ? handler(body) : detail.elt.getAttribute('data-done') || 'Done.');
    htmx.trigger(document.body, 'cdms:state');
  });

  document.body.addEventListener('htmx:sendError', function () {
    announce('error', 'The sandbox did not answer: is it still running?');
  });

  // The page stays where it opened, whatever a preview does: Chromium's PDF viewer takes the focus when it
  // has loaded (a PDF it cannot render too) and the browser scrolls the page to it, so a click aimed at Import
  // above landed elsewhere. A scroll nobody's hand made (no wheel, key, touch or pointer on the page in the
  // second before) is undone when it comes within a second of a preview taking the focus, whichever of the two
  // arrives first: the viewer runs in a process of its own, and its focus and its scroll reach the page as
  // separate messages. A preview that takes the focus while out of view cannot have been clicked, so it is held: every
  // such scroll is undone for as long as it keeps the focus (its viewer may scroll the page again), until the
  // user's hand is on the page. A preview in view may have been clicked into, and the page hears nothing of a
  // hand inside it, so it is not held: the wheel and the keys used in it still scroll the page once the viewer
  // has no more to scroll. The page's own scrolls (an anchor, a view that grew) are kept, and so is everything
  // after a gesture.
  var HAND_MS = 1000;
  var lastGesture = -HAND_MS;
  var place = { x: window.scrollX, y: window.scrollY };
  var before = null; // where the page was before scrolls nobody's hand made, for a focus arriving after them
  var movedAt = -HAND_MS;
  var focusedBefore = document.activeElement;
  var tookFocus = { frame: null, at: -HAND_MS }; // the last preview to take the focus with no hand on the page
  var held = null; // that preview, when it was out of view: nobody clicked it
  function handOn(now) { return now - lastGesture <= HAND_MS; }
  function isPreview(el) { return !!el && el.tagName === 'IFRAME'; }
  function restore(to) {
    place = { x: to.x, y: to.y };
    before = null;
    window.scrollTo(to.x, to.y);
  }
  function outOfView(frame, at) {
    var box = frame.getBoundingClientRect();
    var top = box.top + window.scrollY - at.y;
    var left = box.left + window.scrollX - at.x;
    return top + box.height <= 0 || top >= window.innerHeight || left + box.width <= 0 || left >= window.innerWidth;
  }
  function noticeFocus(now) {
    var active = document.activeElement;
    if (active === focusedBefore) return;
    focusedBefore = active;
    if (held && active !== held) held = null;
    if (!isPreview(active) || handOn(now)) return;
    tookFocus = { frame: active, at: now };
    if (before && now - movedAt <= HAND_MS) restore(before);
    if (outOfView(active, place)) held = active;
  }
  ['wheel', 'keydown', 'pointerdown', 'touchstart'].forEach(function (name) {
    window.addEventListener(name, function () { lastGesture = Date.now(); held = null; }, { capture: true, passive: true });
  });
  window.addEventListener('blur', function () { noticeFocus(Date.now()); });
  window.addEventListener('scroll', function () {
    var now = Date.now();
    noticeFocus(now);
    if (window.scrollX === place.x && window.scrollY === place.y) return;
    if (handOn(now)) {
      before = null;
      place = { x: window.scrollX, y: window.scrollY };
      return;
    }
    var active = document.activeElement;
    if (isPreview(active) && (held === active || (active === tookFocus.frame && now - tookFocus.at <= HAND_MS))) {
      window.scrollTo(place.x, place.y);
      return;
    }
    if (!before || now - movedAt > HAND_MS) before = place;
    movedAt = now;
    place = { x: window.scrollX, y: window.scrollY };
  }, { passive: true });

  // Live updates (each view refreshing itself when the sandbox reports a change) come from
  // the SDK's shared live-events.js, which the page also loads.
})();
