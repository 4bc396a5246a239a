// The course page's own script: follows the first demo's query and fixes it on request, and shows
// the second demo's scores, all through the postMessage API (attention-host.js).
(function () {
  'use strict';
  const mistake = new AttentionFrame(document.getElementById('demo-mistake'));
  const projection = new AttentionFrame(document.getElementById('demo-projection'));
  const queryOut = document.getElementById('mistake-query');
  const scoresOut = document.getElementById('projection-scores');

  async function showQuery() {
    const state = await mistake.getState();
    const fix = document.getElementById('fix-query');
    queryOut.textContent = `inputs[${state.query}] ("${state.tokens[state.query]}")`;
    fix.disabled = state.query === 1;
  }

  async function showScores() {
    const r = await projection.results();
    const scores = r.projection ? r.projection.scores : r.scores;
    scoresOut.textContent = scores.map((s) => (typeof s === 'number' ? s.toFixed(3) : s)).join(', ');
  }

  document.getElementById('fix-query').addEventListener('click', async () => {
    const state = await mistake.getState();
    try {
      await mistake.setState({ ...state, query: 1 });
    } catch (e) {
      queryOut.textContent = 'not changed: ' + e.message;
    }
  });

  mistake.on('query-changed', showQuery);
  projection.on('state-changed', showScores);
  mistake.ready.then(showQuery);
  projection.ready.then(showScores);
})();
