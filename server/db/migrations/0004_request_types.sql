-- The catalogue of request types is product data (the landing promises 10 renters' types), not demo:
-- every installation gets it. Kind 12: renters' requests; kind 13: visitors' requests from the QR page.
INSERT INTO "request_types" ("id", "kind", "code", "name_ru", "name_kk", "name_en", "default_resolve_hours", "sort") VALUES
	(gen_random_uuid(), 12, 'electricity', 'Электрика и освещение', 'Электр және жарықтандыру', 'Electricity and lighting', 24, 10),
	(gen_random_uuid(), 12, 'plumbing', 'Сантехника', 'Сантехника', 'Plumbing', 24, 20),
	(gen_random_uuid(), 12, 'hvac', 'Отопление, кондиционирование и вентиляция', 'Жылыту, кондиционерлеу және желдету', 'Heating, air conditioning and ventilation', 48, 30),
	(gen_random_uuid(), 12, 'cleaning', 'Уборка', 'Тазалау', 'Cleaning', 4, 40),
	(gen_random_uuid(), 12, 'premises_repair', 'Ремонт помещения', 'Үй-жайды жөндеу', 'Repair of premises', 72, 50),
	(gen_random_uuid(), 12, 'goods_delivery_pass', 'Пропуск на завоз товара', 'Тауар әкелуге рұқсатнама', 'Goods delivery pass', 8, 60),
	(gen_random_uuid(), 12, 'goods_removal_pass', 'Пропуск на вывоз товара', 'Тауар шығаруға рұқсатнама', 'Goods removal pass', 8, 70),
	(gen_random_uuid(), 12, 'after_hours_work', 'Разрешение на работы в нерабочее время', 'Жұмыстан тыс уақытта жұмыс істеуге рұқсат', 'After-hours work permit', 24, 80),
	(gen_random_uuid(), 12, 'advertising', 'Размещение рекламы', 'Жарнама орналастыру', 'Advertising placement', 72, 90),
	(gen_random_uuid(), 12, 'it_internet', 'ИТ и интернет', 'IT және интернет', 'IT and internet', 24, 100),
	(gen_random_uuid(), 13, 'visitor_cleaning', 'Уборка', 'Тазалау', 'Cleaning', 2, 10),
	(gen_random_uuid(), 13, 'visitor_malfunction', 'Неисправность', 'Ақаулық', 'Malfunction', 24, 20),
	(gen_random_uuid(), 13, 'visitor_safety', 'Безопасность', 'Қауіпсіздік', 'Safety', 1, 30),
	(gen_random_uuid(), 13, 'visitor_other', 'Другое', 'Басқа', 'Other', 48, 40)
ON CONFLICT ("code") DO NOTHING;
