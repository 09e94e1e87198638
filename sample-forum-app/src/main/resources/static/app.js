// The leaderboard page: plain JavaScript over the JSON API, acting as the user chosen in #who.
(() => {
  'use strict';
  const $ = (selector, root = document) => root.querySelector(selector);
  const state = { user: null, period: 'day', scope: 'everyone', category: '', users: [], openArticle: null, challenge: null };
  const PERIOD_WORD = { day: 'today', week: 'this week', month: 'this month', 'last-7-days': 'in the last 7 days' };
  const EMPTY_BOARD = {
    everyone: 'Nobody has scored yet in this period. Open an article!',
    following: 'Nobody you follow has points in this period, nor have you. Follow people from their articles.',
    challenge: 'Nobody has scored in this challenge yet. Join it, then publish or comment!',
    streaks: 'Nobody has a streak going. Check in today to start one!' };
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
      setTimeout(() => Promise.all([loadBoard(), loadMe(), loadItems(), loadStreak(), loadReaders(), loadAchievements(),
        pollNotices()]).catch(() => {}), 500);
      return result;
    } catch (e) {
      toast(e.message, true);
    }
  }

  // ---- leaderboard ---------------------------------------------------------------------------
  function boardPath() {
    if (state.scope === 'streaks') return '/api/streaks?size=30';
    if (state.scope === 'challenge') return state.challenge ? `/api/challenges/${state.challenge.id}/rank?size=30` : null;
    if (state.scope === 'following') return `/api/rank/${state.period}/following`;
    return `/api/rank/${state.period}?size=30` + (state.category ? `&category=${encodeURIComponent(state.category)}` : '');
  }

  // the category picker: each category with the points awarded in it this period (or the last 7 days)
  async function loadCategories() {
    const categories = await api('GET', `/api/rank/${state.period}/categories`);
    const select = $('#category');
    select.replaceChildren(el('option', { value: '' }, 'All categories'),
      ...categories.map((c) => el('option', { value: c.category }, `${c.category} (${c.points})`)));
    select.value = state.category;
    $('.category-picker').classList.toggle('hidden', state.scope !== 'everyone');
  }

  async function loadBoard() {
    $('#challenge-bar').classList.toggle('hidden', state.scope !== 'challenge');
    if (state.scope === 'challenge') await loadChallenge();
    const asked = `${boardPath()} as ${state.user}`;
    const board = boardPath() ? await api('GET', boardPath()) : { entries: [] };
    if (asked !== `${boardPath()} as ${state.user}`) return; // another tab or user was chosen meanwhile
    const streaks = state.scope === 'streaks';
    $('#board-unit').textContent = streaks ? 'Days' : 'Points';
    const body = $('#board tbody');
    body.replaceChildren(...board.entries.map((e) => el('tr',
      { class: `r${e.rank}` + (String(e.userId) === String(state.user) ? ' mine' : ''), dataset: { userId: e.userId } },
      el('td', { class: 'rank' }, el('span', { class: 'badge' }, e.rank)),
      el('td', {}, el('div', { class: 'user' }, avatar(e), el('span', { class: 'name' }, e.name || `user ${e.userId}`))),
      el('td', { class: 'score', title: streaks && e.since ? `since ${shortDay(e.since)}` : '' }, streaks ? e.days : e.score))));
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

  // ---- level, badges and notices -------------------------------------------------------------
  async function loadAchievements() {
    if (!state.user) return;
    const user = state.user;
    const a = await api('GET', `/api/users/${user}/achievements`);
    if (user !== state.user) return;
    $('#level-number').textContent = `Level ${a.level.number}`;
    $('#level-name').textContent = a.level.name ? `· ${a.level.name}` : '';
    $('#level-bar').style.width = `${a.percent}%`;
    $('#level-next').textContent = a.level.nextAt === null ? `${a.level.points} points · top level`
      : `${a.level.points} points · ${a.level.nextAt - a.level.points} to level ${a.level.number + 1}`;
    $('#badges').replaceChildren(...(a.badges.length ? a.badges.map((b) =>
      el('li', { title: `earned ${new Date(b.earnedAt).toLocaleString()}` },
        b.name + (b.tier > 1 ? ` · tier ${b.tier}` : '') + (b.times > 1 ? ` ×${b.times}` : '')))
      : [el('li', { class: 'muted' }, 'No badge yet: comment or check in to earn one.')]));
  }

  // notices of badges and levels the acting user earned, shown once each
  async function pollNotices() {
    if (!state.user) return;
    const user = state.user;
    const notices = await api('GET', `/api/me/notices?after=${state.noticeSeq || 0}`);
    if (user !== state.user) return;
    if (notices.length) {
      state.noticeSeq = notices[notices.length - 1].seq;
      toast(notices.map((n) => n.text).join(' · '));
      loadAchievements().catch(() => {});
    }
  }

  // ---- streak and calendar ------------------------------------------------------------------
  async function loadStreak() {
    if (!state.user) return;
    const user = state.user;
    const [streak, calendar] = await Promise.all([
      api('GET', `/api/users/${user}/streak`), api('GET', `/api/users/${user}/calendar`)]);
    if (user !== state.user) return; // another user was chosen meanwhile
    $('#streak-current').textContent = streak.current;
    $('#streak-unit').textContent = streak.current === 1 ? 'day in a row' : 'days in a row';
    $('#streak-longest').textContent = streak.longest;
    $('#streak-next').textContent = streak.next
      ? `next: ${streak.next.days} days (+${streak.next.points}) in ${streak.next.daysToGo} ${streak.next.daysToGo === 1 ? 'day' : 'days'}`
      : 'every milestone reached';
    const button = $('#check-in');
    button.textContent = streak.activeToday ? 'Checked in today ✓' : 'Check in (+1)';
    button.classList.toggle('on', streak.activeToday);
    button.disabled = streak.activeToday;
    renderCalendar(calendar);
  }

  // a GitHub-like grid: one column per week (Monday on top), one cell per day of the last 12 months;
  // active days are coloured, darker for more points while the day's records are kept (older: the lightest)
  function renderCalendar(calendar) {
    const CELL = 11, GAP = 2, TOP = 12, STEP = CELL + GAP;
    const points = new Map(calendar.days.map((d) => [d.day, d.points]));
    // shades by quartile of the known days' points, as GitHub does: one big day keeps the others visible
    const known = calendar.days.filter((d) => d.points !== null).map((d) => d.points).sort((a, b) => a - b);
    const quartile = (q) => known[Math.min(known.length - 1, Math.floor(q * known.length))];
    const shade = (value) => known.length < 2 || known[0] === known[known.length - 1] ? 2
      : value <= quartile(0.25) ? 1 : value <= quartile(0.5) ? 2 : value <= quartile(0.75) ? 3 : 4;
    const weekday = (day) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const start = addDays(calendar.from, -weekday(calendar.from));
    const cells = [];
    const labels = [];
    let lastMonth = null;
    let lastLabel = -9;
    let week = 0;
    for (let day = start, i = 0; day <= calendar.to && i < 400; day = addDays(day, 1), i++) {
      week = Math.floor(i / 7);
      // a month's name above the first week that begins in it; a name too close to the next one goes
      if (weekday(day) === 0 && day.slice(0, 7) !== lastMonth) {
        if (week - lastLabel < 3) labels.pop();
        labels.push(svg('text', { x: week * STEP, y: 9, class: 'month' },
          new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', timeZone: 'UTC' })));
        lastMonth = day.slice(0, 7);
        lastLabel = week;
      }
      if (day < calendar.from) continue;
      const active = points.has(day);
      const value = points.get(day);
      const level = !active ? 0 : value === null || value === undefined ? 1 : shade(value);
      const classes = ['cell', `l${level}`];
      if (active) classes.push('active');
      if (day === calendar.to) classes.push('today');
      const what = !active ? 'no check-in' : value === null ? 'checked in' : `checked in, ${value} points`;
      cells.push(svg('rect', { class: classes.join(' '), x: week * STEP, y: TOP + weekday(day) * STEP,
        width: CELL, height: CELL, rx: 2, 'data-day': day, 'data-level': level },
      svg('title', {}, `${shortDay(day)}: ${what}`)));
    }
    const box = $('#calendar');
    box.setAttribute('viewBox', `0 0 ${(week + 1) * STEP} ${TOP + 7 * STEP}`);
    box.replaceChildren(...labels, ...cells);
    $('#calendar-note').textContent = `· points shown since ${shortDay(calendar.pointsFrom)}`;
  }

  function checkIn() {
    act(api('POST', '/api/check-in'), null).then((result) => {
      if (result) toast(result.changed ? 'Checked in: +1' : 'Already checked in today');
    });
  }

  // ---- article boards and counters -----------------------------------------------------------
  async function loadItems() {
    const [hot, week, active] = await Promise.all([api('GET', '/api/articles/hot?size=5'),
      api('GET', '/api/articles/top/week?size=5'), api('GET', '/api/active-users')]);
    const line = (e, score) => el('li', { dataset: { articleId: e.articleId } },
      el('span', { class: 'r' }, e.rank),
      el('button', { class: 'title', onclick: () => openArticle(e.articleId) }, e.title || `article ${e.articleId}`),
      el('span', { class: 's' }, score));
    $('#hot').replaceChildren(...(hot.entries.length
      ? hot.entries.map((e) => line(e, (e.score / 1000).toFixed(1)))
      : [el('li', { class: 'muted' }, 'Nothing yet: praise or read an article.')]));
    $('#top-week').replaceChildren(...(week.entries.length
      ? week.entries.map((e) => line(e, e.score))
      : [el('li', { class: 'muted' }, 'Nothing yet this week.')]));
    $('#active-today').textContent = active.today;
    $('#active-week').textContent = active.thisWeek;
  }

  // distinct users who read, praised or commented each article shown, ever; page views are scored in
  // the background, so the counts are read again with the boards
  async function loadReaders() {
    const spans = [...document.querySelectorAll('.readers[data-article-id]')];
    const ids = [...new Set(spans.map((span) => span.dataset.articleId))];
    if (!ids.length) return;
    const readers = (await api('GET', `/api/articles/readers?ids=${ids.join(',')}`)).readers;
    for (const span of spans) {
      const n = readers[span.dataset.articleId] || 0;
      span.textContent = `${n} ${n === 1 ? 'reader' : 'readers'}`;
    }
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
    const articles = (await api('GET', '/api/articles')).slice(0, 12);
    $('#articles').replaceChildren(...articles.map((a) => el('li', { class: 'article', dataset: { articleId: a.id } },
      el('button', { class: 'title', onclick: () => openArticle(a.id) }, a.title),
      el('div', { class: 'meta' }, avatar(a.author), el('span', {}, `${a.author.name} · ${a.praises} praise · ${a.collects} collected · ${a.comments} comments · `,
        el('span', { class: 'readers', dataset: { articleId: a.id } }, ''))),
      el('div', { class: 'actions' },
        el('button', { class: 'praise' + (a.praised ? ' on' : ''), dataset: { articleId: a.id },
          onclick: () => toggle(a.id, 'praise', a.praised) }, a.praised ? '♥ Praised' : '♡ Praise'),
        el('button', { class: 'collect' + (a.collected ? ' on' : ''), dataset: { articleId: a.id },
          onclick: () => toggle(a.id, 'collect', a.collected) }, a.collected ? '★ Collected' : '☆ Collect')))));
    await loadReaders();
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
        el('span', { class: 'readers muted', dataset: { articleId: a.id } }, ''),
        el('button', { class: 'ghost', onclick: closeArticle }, 'Close')),
      el('p', {}, a.content),
      el('h3', {}, `${a.comments.length} comments`),
      ...a.comments.map((c) => el('div', { class: 'comment', dataset: { commentId: c.id } }, avatar(c.author),
        el('div', {}, el('strong', {}, c.author.name), ' ', c.content),
        String(c.author.id) === String(state.user) ? el('button', { class: 'del',
          onclick: () => act(api('DELETE', `/api/comments/${c.id}`), 'Comment deleted: points taken back') }, 'Delete') : null)),
      comment);
    $('#detail').classList.remove('hidden');
    await loadReaders();
  }

  function closeArticle() {
    state.openArticle = null;
    $('#detail').classList.add('hidden');
  }

  // ---- wiring --------------------------------------------------------------------------------
  async function refreshAll() {
    const jobs = [loadBoard(), loadCategories(), loadMe(), loadArticles(), loadItems(), loadStreak(), loadAchievements()];
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
      state.noticeSeq = 0;
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
      Promise.all([loadBoard(), loadCategories()]).catch((e) => toast(e.message, true));
    }));
    $('#challenge-join').addEventListener('click', toggleChallenge);
    $('#check-in').addEventListener('click', checkIn);
    $('#new-article-toggle').addEventListener('click', () => $('#new-article').classList.toggle('hidden'));
    $('#new-article').addEventListener('submit', (event) => {
      event.preventDefault();
      act(api('POST', '/api/articles', { title: $('#new-title').value, content: $('#new-content').value }), 'Published: +10')
        .then(() => { $('#new-article').reset(); $('#new-article').classList.add('hidden'); });
    });
    $('#category').addEventListener('change', () => {
      state.category = $('#category').value;
      loadBoard().catch((e) => toast(e.message, true));
    });
    await refreshAll();
    document.body.dataset.ready = 'true';
    setInterval(() => Promise.all([loadBoard(), loadCategories(), loadMe(), loadItems(), loadStreak(), loadReaders(), loadAchievements(),
      pollNotices()]).catch(() => {}), 3000);
  }

  init().catch((e) => toast(e.message, true));
})();
