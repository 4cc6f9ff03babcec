-- Product staff open the page studio (/studio): users.role 'staff'. The demo login is staff in the
-- demo data; this gives it that role in databases seeded before the role existed. The id belongs
-- to the demo dataset only, so databases without demo data are not touched.
UPDATE users SET role = 'staff' WHERE id = 'usr_demo' AND role = 'user';
