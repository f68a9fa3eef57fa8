import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per area; the generated migrations cover all of them.
  schema: [
    './src/db/schema.ts',
    './src/db/schema.analyses.ts',
    './src/db/schema.locations.ts',
    './src/db/schema.access.ts',
    './src/db/schema.notifications.ts',
    './src/db/schema.gallery.ts',
    './src/db/schema.data.ts',
    './src/db/schema.activity.ts',
    './src/db/schema.trips.ts',
  ],
  out: './drizzle',
});
