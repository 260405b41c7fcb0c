-- The glossary calls a "помещение" a unit in English: the seeded type "Ремонт помещения" (0004) is renamed
-- "Unit repair", unless the superadmin has already given it another English name.
UPDATE "request_types" SET "name_en" = 'Unit repair' WHERE "code" = 'premises_repair' AND "name_en" = 'Repair of premises';
