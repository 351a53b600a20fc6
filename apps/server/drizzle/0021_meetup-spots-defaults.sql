-- The first-run list of campus meet-up spots (decision 082): written once, by this migration, so
-- what an admin edits or deletes afterwards stays as they left it. Generic places most campuses
-- have; an admin renames them to the campus's own.
INSERT INTO "meetup_spots" ("name", "area", "opening_hours", "description") VALUES
  ('Entrada de la biblioteca central', 'Biblioteca central', 'Lunes a sábado, 7:00 a. m. a 9:00 p. m.', 'Frente al control de acceso, con vigilancia y cámaras. Mucha gente entra y sale todo el día.'),
  ('Plazoleta de la cafetería principal', 'Cafetería principal', 'Lunes a viernes, 7:00 a. m. a 7:00 p. m.', 'Mesas al aire libre junto a la cafetería; concurrida a la hora del almuerzo.'),
  ('Portería principal', 'Entrada principal del campus', 'Todos los días, 6:00 a. m. a 10:00 p. m.', 'Junto a la caseta de vigilancia: hay personal de seguridad a toda hora.'),
  ('Hall del edificio de aulas', 'Edificio de aulas', 'Lunes a sábado, 7:00 a. m. a 8:00 p. m.', 'Primer piso, cerca de la cartelera y de las escaleras.'),
  ('Bienestar universitario', 'Edificio de bienestar', 'Lunes a viernes, 8:00 a. m. a 5:00 p. m.', 'Recepción de bienestar; personal de la universidad cerca.');
