// The leaderboard page: plain JavaScript over the JSON API, acting as the user chosen in #who.
(() => {
  'use strict';
  const $ = (selector, root = document) => root.querySelector(selector);
  const state = { user: null, period: 'day', scope: 'everyone', users: [], openArticle: null, challenge: null };
  const PERIOD_WORD = { day: 'today', week: 'this week', month: 'this month' };
  const EMPTY_BOARD = {
    everyone: 'Nobody has scored yet in this period. Open an article!',
    following: 'Nobody you follow has points in this period, nor have you. Follow people from their articles.',
    challenge: 'Nobody has scored in this challenge yet. Join it, then publish or comment!' };
  const SVG = 'http://www.w3.org/2000/svg';

  async function api(method, path, body) {
    const headers = { 'Accept': 'application/json' };
    if (state.user) headers['X-User-Id'] = String(state.user);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error((json && json.message) || response.statusText);
    return json;
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === 'class') node.className = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function svg(tag, attrs = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    for (const child of children) node.append(child instanceof Node ? child : String(child));
    return node;
  }

  // days as the server names them, 'YYYY-MM-DD', counted in UTC so the browser's zone never shifts them
  function addDays(day, n) {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + n);
    return date.toISOString().slice(0, 10);
  }

  function shortDay(day) {
    return new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  }

  function avatar(entry, cls = 'avatar') {
    return el('img', { class: cls, src: entry.avatar || '', alt: '' });
  }

  let toastTimer;
  function toast(message, error = false) {
    const box = $('#toast');
    box.textContent = message;
    box.className = 'toast' + (error ? ' error' : '');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => box.classList.add('hidden'), 2500);
  }

  async function act(promise, message) {
    try {
      const result = await promise;
      if (message) toast(message);
      await refreshAll();
      // awards are applied in the background; look again once they surely are
      setTimeout(() => Promise.all([loadBoard(), loadMe()]).catch(() => {}), 500);
      return result;
    } catch (e) {
      toast(e.message, true);
    }
  }

  // ---- leaderboard ---------------------------------------------------------------------------
  function boardPath() {
    if (state.scope === 'challenge') return state.challenge ? `/api/challenges/${state.challenge.id}/rank?size=30` : null;
    return state.scope === 'following' ? `/api/rank/${state.period}/following` : `/api/rank/${state.period}?size=30`;
  }

  async function loadBoard() {
    $('#challenge-bar').classList.toggle('hidden', state.scope !== 'challenge');
    if (state.scope === 'challenge') await loadChallenge();
    const asked = `${boardPath()} as ${state.user}`;
    const board = boardPath() ? await api('GET', boardPath()) : { entries: [] };
    if (asked !== `${boardPath()} as ${state.user}`) return; // another tab or user was chosen meanwhile
    const body = $('#board tbody');
    body.replaceChildren(...board.entries.map((e) => el('tr',
      { class: `r${e.rank}` + (String(e.userId) === String(state.user) ? ' mine' : ''), dataset: { userId: e.userId } },
      el('td', { class: 'rank' }, el('span', { class: 'badge' }, e.rank)),
      el('td', {}, el('div', { class: 'user' }, avatar(e), el('span', { class: 'name' }, e.name || `user ${e.userId}`))),
      el('td', { class: 'score' }, e.score))));
    $('#board-empty').textContent = EMPTY_BOARD[state.scope];
    $('#board-empty').classList.toggle('hidden', board.entries.length > 0);
  }

  async function loadMe() {
    if (!state.user) return;
    const user = state.user;
    const period = state.period;
    const [me, around, activity, week] = await Promise.all([
      api('GET', `/api/rank/${period}/me`),
      api('GET', `/api/rank/${period}/around-me?radius=3`),
      api('GET', `/api/users/${user}/activity?days=14`),
      api('GET', `/api/users/${user}/summary/week`)]);
    if (user !== state.user || period !== state.period) return; // another choice is on its way
    const e = me.entry;
    $('#me-avatar').src = e.avatar || '';
    $('#me-name').textContent = e.name || `user ${e.userId}`;
    $('#me-rank').textContent = e.rank === null ? '–' : e.rank;
    $('#me-score').textContent = e.score;
    $('#me-period').textContent = PERIOD_WORD[state.period];
    const list = $('#around');
    list.replaceChildren(...(around.entries.length ? around.entries.map((a) =>
      el('li', { class: String(a.userId) === String(state.user) ? 'mine' : '', dataset: { userId: a.userId } },
        el('span', { class: 'r' }, a.rank), avatar(a), el('span', {}, a.name || `user ${a.userId}`),
        el('span', { class: 's' }, a.score)))
      : [el('li', { class: 'muted' }, 'Not on this board yet: praise, comment or read something.')]));
    renderWeek(week);
    renderChart(activity);
    const lastSeven = activity.days.filter((d) => d.day >= addDays(activity.to, -6));
    $('#activity').replaceChildren(...(lastSeven.length ? lastSeven.map((d) =>
      el('li', {}, el('span', { class: 'day' }, `${d.day}: ${d.points} pts`), ' — ',
        d.awards.map((a) => `${a.what} (+${a.points})`).join(', ')))
      : [el('li', { class: 'muted' }, 'No points in the last 7 days.')]));
  }

  // summary(userId, WEEK): the week's points, and per rule how many awards stand
  function renderWeek(week) {
    $('#week-points').textContent = week.points;
    $('#week-rules').replaceChildren(...(week.rules.length ? week.rules.map((r) =>
      el('li', { dataset: { rule: r.rule } }, el('span', { class: 'n' }, r.count), el('span', {}, r.label),
        el('span', { class: 's' }, `${r.points >= 0 ? '+' : ''}${r.points}`)))
      : [el('li', { class: 'muted' }, 'Nothing yet this week.')]));
  }

  // one bar per day from activity.from to activity.to; days without records are 0
  function renderChart(activity) {
    const points = new Map(activity.days.map((d) => [d.day, d.points]));
    const days = [];
    for (let day = activity.from; day <= activity.to && days.length < 400; day = addDays(day, 1)) days.push(day);
    const max = Math.max(1, ...days.map((day) => points.get(day) || 0));
    const slot = 168 / days.length;
    const floor = 64;
    $('#chart').replaceChildren(...days.map((day, i) => {
      const value = points.get(day) || 0;
      const height = Math.max(1.5, (Math.max(0, value) / max) * (floor - 4));
      const classes = ['bar'];
      if (day === activity.to) classes.push('today');
      if (value <= 0) classes.push('zero');
      return svg('rect', { class: classes.join(' '), x: (i * slot + 1).toFixed(1), y: (floor - height).toFixed(1),
        width: (slot - 2.5).toFixed(1), height: height.toFixed(1), rx: 1.5, 'data-day': day, 'data-points': value },
      svg('title', {}, `${shortDay(day)}: ${value} points`));
    }));
    $('#chart-from').textContent = shortDay(activity.from);
  }

  // ---- challenge -----------------------------------------------------------------------------
  // the month's writing challenge: publishing and commenting count for those who joined
  async function loadChallenge() {
    const user = state.user;
    const challenges = await api('GET', '/api/challenges');
    const challenge = challenges.find((c) => !c.openToAll) || challenges[0] || null;
    const me = challenge && user ? await api('GET', `/api/challenges/${challenge.id}/rank/me`) : null;
    if (user !== state.user) return; // another user was chosen meanwhile
    state.challenge = challenge;
    const join = $('#challenge-join');
    join.classList.toggle('hidden', !challenge || challenge.openToAll);
    if (!challenge) {
      $('#challenge-title').textContent = 'No challenge is running';
      $('#challenge-meta').textContent = '';
      $('#challenge-me').textContent = '';
      return;
    }
    const ends = new Date(challenge.end).toLocaleDateString('en', { month: 'short', day: 'numeric' });
    $('#challenge-title').textContent = challenge.title;
    $('#challenge-meta').textContent = `${challenge.rules.join(' and ') || 'every award'} · ${challenge.players} on the board · until ${ends}`;
    $('#challenge-me').textContent = !challenge.joined ? 'Join to take part: only what you do from then on counts.'
      : me.entry.rank === null ? 'You joined: publish (+10) or comment (+3) to score.'
        : `You: rank ${me.entry.rank} · ${me.entry.score} points`;
    join.textContent = challenge.joined ? 'Leave' : 'Join';
    join.classList.toggle('on', Boolean(challenge.joined));
    join.dataset.joined = String(Boolean(challenge.joined));
  }

  function toggleChallenge() {
    const challenge = state.challenge;
    if (!challenge) return;
    act(api(challenge.joined ? 'DELETE' : 'POST', `/api/challenges/${challenge.id}/join`),
      challenge.joined ? 'Left the challenge: you are off its board' : 'Joined: publishing and commenting count from now on');
  }

  // ---- articles ------------------------------------------------------------------------------
  async function loadArticles() {
    const articles = await api('GET', '/api/articles');
    $('#articles').replaceChildren(...articles.slice(0, 12).map((a) => el('li', { class: 'article', dataset: { articleId: a.id } },
      el('button', { class: 'title', onclick: () => openArticle(a.id) }, a.title),
      el('div', { class: 'meta' }, avatar(a.author), a.author.name, ` · ${a.praises} praise · ${a.collects} collected · ${a.comments} comments`),
      el('div', { class: 'actions' },
        el('button', { class: 'praise' + (a.praised ? ' on' : ''), dataset: { articleId: a.id },
          onclick: () => toggle(a.id, 'praise', a.praised) }, a.praised ? '♥ Praised' : '♡ Praise'),
        el('button', { class: 'collect' + (a.collected ? ' on' : ''), dataset: { articleId: a.id },
          onclick: () => toggle(a.id, 'collect', a.collected) }, a.collected ? '★ Collected' : '☆ Collect')))));
  }

  function toggle(articleId, what, on) {
    return act(api(on ? 'DELETE' : 'POST', `/api/articles/${articleId}/${what}`),
      on ? `${what} cancelled: points taken back` : `${what === 'praise' ? 'Praised' : 'Collected'}: +2`);
  }

  async function openArticle(id) {
    state.openArticle = id;
    await act(renderArticle(id));
  }

  async function renderArticle(id) {
    const a = await api('GET', `/api/articles/${id}`);
    const mine = String(a.author.id) === String(state.user);
    const comment = el('form', { id: 'comment-form', onsubmit: (event) => {
      event.preventDefault();
      const text = $('#comment-text').value;
      act(api('POST', `/api/articles/${id}/comments`, { content: text }), 'Commented: +3')
        .then(() => { const box = $('#comment-text'); if (box) box.value = ''; });
    } }, el('textarea', { id: 'comment-text', placeholder: 'Write a comment (+3)', maxlength: '2000', required: '' }),
    el('button', { type: 'submit' }, 'Comment'));
    $('#detail').replaceChildren(
      el('h2', {}, a.title),
      el('div', { class: 'meta user' }, avatar(a.author), a.author.name,
        mine ? null : el('button', { class: 'follow' + (a.followingAuthor ? ' on' : ''), dataset: { userId: a.author.id },
          onclick: () => act(api(a.followingAuthor ? 'DELETE' : 'POST', `/api/users/${a.author.id}/follow`),
            a.followingAuthor ? 'Unfollowed: points taken back' : 'Following: +2') }, a.followingAuthor ? 'Following' : '+ Follow'),
        el('button', { class: 'ghost', onclick: closeArticle }, 'Close')),
      el('p', {}, a.content),
      el('h3', {}, `${a.comments.length} comments`),
      ...a.comments.map((c) => el('div', { class: 'comment', dataset: { commentId: c.id } }, avatar(c.author),
        el('div', {}, el('strong', {}, c.author.name), ' ', c.content),
        String(c.author.id) === String(state.user) ? el('button', { class: 'del',
          onclick: () => act(api('DELETE', `/api/comments/${c.id}`), 'Comment deleted: points taken back') }, 'Delete') : null)),
      comment);
    $('#detail').classList.remove('hidden');
  }

  function closeArticle() {
    state.openArticle = null;
    $('#detail').classList.add('hidden');
  }

  // ---- wiring --------------------------------------------------------------------------------
  async function refreshAll() {
    const jobs = [loadBoard(), loadMe(), loadArticles()];
    await Promise.all(jobs);
  }

  async function init() {
    state.users = await api('GET', '/api/users');
    const select = $('#who');
    select.replaceChildren(...state.users.map((u) => el('option', { value: u.id }, `${u.name} (#${u.id})`)));
    const saved = localStorage.getItem('activity-rank-user');
    state.user = state.users.some((u) => String(u.id) === saved) ? saved : String(state.users[0].id);
    select.value = state.user;
    select.addEventListener('change', () => {
      state.user = select.value;
      localStorage.setItem('activity-rank-user', state.user);
      closeArticle();
      refreshAll().catch((e) => toast(e.message, true));
    });
    document.querySelectorAll('.tab[data-period]').forEach((tab) => tab.addEventListener('click', () => {
      document.querySelectorAll('.tab[data-period]').forEach((t) => t.classList.toggle('active', t === tab));
      state.period = tab.dataset.period;
      refreshAll().catch((e) => toast(e.message, true));
    }));
    document.querySelectorAll('.tab[data-scope]').forEach((tab) => tab.addEventListener('click', () => {
      document.querySelectorAll('.tab[data-scope]').forEach((t) => t.classList.toggle('active', t === tab));
      state.scope = tab.dataset.scope;
      loadBoard().catch((e) => toast(e.message, true));
    }));
    $('#challenge-join').addEventListener('click', toggleChallenge);
    $('#new-article-toggle').addEventListener('click', () => $('#new-article').classList.toggle('hidden'));
    $('#new-article').addEventListener('submit', (event) => {
      event.preventDefault();
      act(api('POST', '/api/articles', { title: $('#new-title').value, content: $('#new-content').value }), 'Published: +10')
        .then(() => { $('#new-article').reset(); $('#new-article').classList.add('hidden'); });
    });
    await refreshAll();
    document.body.dataset.ready = 'true';
    setInterval(() => Promise.all([loadBoard(), loadMe()]).catch(() => {}), 3000);
  }

  init().catch((e) => toast(e.message, true));
})();
