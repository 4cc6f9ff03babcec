export function NotFound() {
  return (
    <main style={{ padding: 32 }}>
      <h1>404 Not Found</h1>
    </main>
  );
}
