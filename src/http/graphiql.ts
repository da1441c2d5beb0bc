// GraphiQL for people exploring the API in a browser. The page loads GraphiQL's assets in the
// browser; the server itself fetches nothing.
export const graphiqlPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Daybook GraphiQL</title>
<link rel="stylesheet" href="https://unpkg.com/graphiql@3/graphiql.min.css">
<style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL...</div>
<script crossorigin src="https://unpkg.com/react@18/umd/react.production.min.js"></script>
<script crossorigin src="https://unpkg.com/react-dom@18/umd/react-dom.production.min.js"></script>
<script crossorigin src="https://unpkg.com/graphiql@3/graphiql.min.js"></script>
<script>
  const fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher, defaultEditorToolsVisibility: true, headerEditorEnabled: true }),
  );
</script>
</body>
</html>`
