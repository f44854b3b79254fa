import { Link } from 'react-router';

// Placeholder for the public site (/public/*); another part of the project replaces it.
export default function PublicPlaceholderRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Podium</h1>
      <p className="text-slate-600">The public results site is coming soon.</p>
      <Link to="/login" className="text-sm text-blue-700 hover:underline">
        Organiser sign-in
      </Link>
    </main>
  );
}
